# Types of the compiled core (the C in _core/); the Python reference is search/solver/negamax.py.

SCALE: int
PROVEN: int

def roundtrip(value: int, /) -> int: ...

class Table:
    capacity: int
    evictions: int
    def __init__(self, capacity: int) -> None: ...
    def __len__(self) -> int: ...
    def get(self, key: object, /) -> tuple[int, int, int, int] | None: ...
    def items(self) -> list[tuple[int, tuple[int, int, int, int]]]: ...
    def make_room(self) -> None: ...

class Search:
    nodes: int
    next_check: int
    horizon: int
    table: Table
    budget: object
    def __init__(self, table: Table, budget: object) -> None: ...
    def configure_connect4(self, width: int, height: int, /) -> None: ...
    def configure_mnk(
        self,
        cells: int,
        base: int,
        k: int,
        lines: tuple[int, ...],
        lines_through: tuple[tuple[int, ...], ...],
        perms: tuple[tuple[int, ...], ...],
        order: tuple[int, ...],
        /,
    ) -> None: ...
    def connect4(
        self,
        pos: int,
        mask: int,
        stones: int,
        my_win: int,
        opp_win: int,
        safe: int,
        forced: bool,
        low: int,
        high: int,
        ply: int,
        depth: int,
        alpha: int,
        beta: int,
        /,
    ) -> int: ...
    def mnk(
        self,
        me: int,
        opp: int,
        my_open: int,
        opp_open: int,
        my_threats: int,
        opp_threats: int,
        keys: tuple[int, ...],
        me_is_o: bool,
        stones: int,
        lost: bool,
        forced: bool,
        low: int,
        high: int,
        ply: int,
        depth: int,
        alpha: int,
        beta: int,
        /,
    ) -> int: ...
