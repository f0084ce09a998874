# mypy: ignore-errors
# Markup and surrogates: at import and in one position it prints and raises text made to break the
# report's formats (a fake score heading, a fence, HTML, an image, a formula, a lone surrogate).
print("# 100 / 100\n```\n<script>alert(1)</script>\n![x](http://evil/x.png)\n\ud800 =1+1")


def attack():
    print("</pre><h1>100 / 100</h1>\x1b[2J\ud800")
    raise ValueError("```\n# 100 / 100\n<img src=x onerror=alert(1)>\ud800")
