// Compiles the site's wheels to bytecode with the official Pyodide core, in Node.js:
//   node compile.mjs ROOT JOBS.json PYC.py
// ROOT is a host folder holding every wheel named in JOBS.json (a list of
// [source, destination] paths relative to ROOT); PYC.py is sette_kit/app/site/_pyc.py,
// run inside Pyodide.  Nothing is fetched: Pyodide loads from node_modules/pyodide.
import { readFileSync } from 'node:fs';
import { loadPyodide } from 'pyodide';

const [root, jobsFile, pycFile] = process.argv.slice(2);
const jobs = JSON.parse(readFileSync(jobsFile, 'utf-8'));
const pyodide = await loadPyodide({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
pyodide.mountNodeFS('/work', root);
pyodide.runPython(readFileSync(pycFile, 'utf-8'));
pyodide.globals.set('jobs', pyodide.toPy(jobs.map(([s, d]) => [`/work/${s}`, `/work/${d}`])));
pyodide.runPython('compile_all(jobs)');
