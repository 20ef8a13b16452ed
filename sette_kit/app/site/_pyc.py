"""Add compiled bytecode to pure-Python wheels, run *inside Pyodide* at build time.

A browser starts a fresh Python for every page, so whatever it imports from source is
compiled again on every visit: importing IPython alone costs seconds.  Pyodide's own
package set avoids this by shipping its wheels compiled; the site does the same for the
wheels it serves.  This module runs in the official Pyodide core under Node.js
(``js/compile.mjs``), so the bytecode is made by exactly the interpreter that will load
it (same version, same magic number).  Standard library only.

Each ``.py`` file of a wheel keeps its source and gains
``__pycache__/<name>.<cache_tag>.pyc`` compiled with an *unchecked hash*: the import
system uses it without comparing it to the source's timestamp (which the browser sets
when it unpacks the wheel).  RECORD lists the new files.  Files that do not compile (a
template that looks like Python) are left as source only.
"""

import importlib._bootstrap_external as _external
import importlib.util
import sys
import zipfile

FIXED_TIME = (2020, 1, 1, 0, 0, 0)


def compile_wheel(src, dst):
    """Write ``dst``: the wheel ``src`` with bytecode for each of its modules."""
    added = []
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        names = zin.namelist()
        record = next((n for n in names if n.count("/") == 1 and n.endswith(".dist-info/RECORD")),
                      None)
        for info in zin.infolist():
            if info.filename == record:
                continue
            data = zin.read(info)
            zout.writestr(info, data)
            name = info.filename
            top = name.split("/", 1)[0]
            if not name.endswith(".py") or top.endswith((".dist-info", ".data")):
                continue
            try:
                code = compile(data, name, "exec", dont_inherit=True)
            except (SyntaxError, ValueError):
                continue
            pyc = _external._code_to_hash_pyc(code, importlib.util.source_hash(data), False)
            target = importlib.util.cache_from_source(name)
            entry = zipfile.ZipInfo(target, FIXED_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            zout.writestr(entry, bytes(pyc))
            added.append(target)
        if record is not None:
            text = zin.read(record).decode("utf-8")
            if text and not text.endswith("\n"):
                text += "\n"
            text += "".join(f"{path},,\n" for path in added)
            info = zin.getinfo(record)
            zout.writestr(info, text.encode("utf-8"))
    return len(added)


def compile_all(pairs):
    """``pairs``: (source wheel, destination wheel) paths. Prints one line per wheel."""
    for src, dst in pairs:
        n = compile_wheel(src, dst)
        print(f"{dst.rsplit('/', 1)[-1]}: {n} modules compiled for {sys.implementation.cache_tag}")
