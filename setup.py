"""Compile the message catalogues (.po -> .mo) when the distribution is built (issue 17).

Everything else about the package is in pyproject.toml."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogues(build_py):
    def run(self):
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted(Path("sette_kit/locale").glob("*/LC_MESSAGES/*.po")):
            with po.open("rb") as f:
                catalogue = read_po(f, locale=po.parts[-3])
            targets = [po.with_suffix(".mo")] if self.editable_mode else []
            if not self.editable_mode:
                targets.append(Path(self.build_lib) / po.with_suffix(".mo"))
            for mo in targets:
                mo.parent.mkdir(parents=True, exist_ok=True)
                with mo.open("wb") as f:
                    write_mo(f, catalogue)


setup(cmdclass={"build_py": BuildWithCatalogues})
