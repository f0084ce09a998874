# mypy: ignore-errors
# Reaching the runner's own classes through object.__subclasses__() (no audit event lists them): at import it
# finds the channel and the runner, and makes every message it sends claim no time at all (the runner's clock
# replaced, the times taken out of each message as it goes). Then, in one position, it burns __BURN__ CPU
# seconds, hoping the checker takes the runner's word for how long the move took. Finding neither class, it
# raises at import.
import time as _time

_found = {found.__name__: found for found in object.__subclasses__() if found.__name__ in ("Channel", "Runner")}
if set(_found) != {"Channel", "Runner"}:
    raise RuntimeError(f"found only {sorted(_found)}")


class _Stopped:
    @staticmethod
    def perf_counter():
        return 0.0

    process_time = perf_counter


_found["Runner"].invoke.__globals__["time"] = _Stopped
_send = _found["Channel"].send


def _timeless(channel, message):
    _send(channel, {key: value for key, value in message.items() if key not in ("seconds", "cpu")})


_found["Channel"].send = _timeless


def attack():
    started = _time.process_time()
    while _time.process_time() - started < float("__BURN__"):
        pass
