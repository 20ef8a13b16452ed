// Bundles src/app.js (and the CSS it imports) and the page's web worker src/worker.js
// into dist/ with esbuild, each file named by its content (name-HASH.js).  Run by
// sette_kit/app/site/_npm.py after `npm ci`; the output is plain static files.
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, rmSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

const outdir = process.argv[2] || 'dist';
const require = createRequire(import.meta.url);
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

// @jupyterlite/pyodide-kernel imports the URLs of its wheels and of their index
// (`export * as pipliteWheelUrl from '../pypi/piplite-....whl'`): emit them as files.
const kernelFiles = {
  name: 'kernel-files',
  setup(build) {
    build.onLoad({ filter: /[\\/]@jupyterlite[\\/]pyodide-kernel[\\/]pypi[\\/][^\\/]+$/ }, (args) => ({
      contents: readFileSync(args.path),
      loader: 'file',
    }));
  },
};

// webpack-style `@import url('~package/file.css')` in the JupyterLab style sheets
const tildeImports = {
  name: 'tilde-imports',
  setup(build) {
    build.onResolve({ filter: /^~/ }, (args) => ({
      path: require.resolve(args.path.slice(1), { paths: [args.resolveDir] }),
    }));
  },
};

await esbuild.build({
  entryPoints: { app: 'src/app.js', worker: 'src/worker.js' },
  entryNames: '[name]-[hash]',
  outdir,
  bundle: true,
  format: 'esm',
  splitting: false,
  minify: true,
  sourcemap: false,
  target: ['es2020'],
  legalComments: 'linked',
  assetNames: '[name]-[hash]',
  loader: {
    '.woff': 'file', '.woff2': 'file', '.ttf': 'file', '.eot': 'file', '.svg': 'file',
    '.png': 'file', '.gif': 'file',
  },
  define: { 'process.env.NODE_ENV': '"production"' },
  plugins: [kernelFiles, tildeImports],
  logLevel: 'warning',
});

