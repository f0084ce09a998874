# mypy: ignore-errors
# Looking for what the launcher was lent: in one position it reads its capabilities and its /tmp's mount. The
# launcher holds CAP_SYS_ADMIN to cap the files of /tmp (a remount that keeps nosuid and nodev); the candidate
# must hold none of it. Finding a capability, or a /tmp mounted otherwise, it raises to say so.
def attack():
    with open("/proc/self/status") as status:
        held = {
            name: int(value, 16)
            for name, _, value in (line.partition(":") for line in status)
            if name in ("CapPrm", "CapEff", "CapAmb")
        }
    if len(held) != 3 or any(held.values()):
        raise RuntimeError(f"holds capabilities: {held}")
    with open("/proc/self/mountinfo") as mounts:
        tmp = [line.split() for line in mounts if line.split()[4] == "/tmp"]
    flags, options = tmp[-1][5].split(","), tmp[-1][-1].split(",")
    if "nosuid" not in flags or "nodev" not in flags or "nr_inodes=__ALLOWED__" not in options:
        raise RuntimeError(f"/tmp is mounted {flags} {options}")
