"""The docs site's links, and the offline site in headless Chromium.

Always (plain `pytest`): every citation of the paper chapter (`paper.ipynb#sec-split`, in a Markdown link or as
`nbs/paper.ipynb#sec-split` in code) names an anchor that nbs/paper.ipynb declares (`## … {#sec-split}`), its link
path leads to nbs/paper.ipynb, and no old "SPEC §N" citation is left.

With SYSGEN_SITE=1 only, build the offline docs site and open every page in headless Chromium:

    SYSGEN_SITE=1 pytest tests/test_site.py -s

Needs `npm ci` (MathJax, require.js, widget manager), Chromium (Debian: `apt-get install chromium`; another binary:
CHROMIUM=/path) and playwright (a dev requirement), which drives that Chromium: playwright's own browser download
needs a CDN. The site is built with `python tools/build_site.py` into _site_offline/ (or $SYSGEN_SITE_OUT) and
served with Python's http.server on 127.0.0.1; screenshots of the home page, the diversity page, the baby-configuration
page and the search record are left in its _screenshots/ as build artifacts, and the first screen (1280 × 900) of every
experiment page with a figure, where that figure must lie whole (first-NAME.png).

Per page, in the sidebar order of _quarto.yml: the notebook exists and its page was built, the page loads (HTTP 200),
its <h1> and <title> carry the notebook's `# ` title, every image has loaded (naturalWidth > 0) and there are at least
as many as the notebook's committed outputs and saved widgets hold, static widgets render, math renders, and the
browser reports no console error, uncaught exception or failed request (a missing /favicon.ico is ignored) and
leaves no request open after 60 s (named if it does), and
every link to a page of the site leads to a page that exists and, if it names an anchor (`paper.html#sec-split`,
`#results`), to an element with that id on that page. No code block or table is cut at the right edge (each fits,
wraps or scrolls), no table shows pandas' default 0…n−1 index, and the home page shows its two pictures (the scenes
and the headline plot) before any code. At 1400 × 1000 pixels no page scrolls sideways, the home page's result box
(`#result-box`) lies within its first 1000 pixels, and no page's prose (Markdown and outputs, not code) holds words
about how the work behind it was organised (`ORGANISATION`). No built page holds an environment dump, an absolute
home, root or temporary path, or a string shaped like a token (tests/test_leaks.py's patterns).
"""
import html, json, os, re, shutil, subprocess, sys, threading, time
from functools import lru_cache, partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from urllib.parse import unquote

import pytest, yaml

from test_leaks import LEAKS

ROOT = Path(__file__).resolve().parents[1]
NBS = ROOT / "nbs"
OUT = Path(os.environ.get("SYSGEN_SITE_OUT", ROOT / "_site_offline")).resolve()
SCREENSHOTS = {"index.html": "home.png", "experiments/diversity.html": "experiment-diversity.png",
               "experiments/baby_config.html": "experiment-baby_config.png",
               "experiments/search_record.html": "experiment-search_record.png"}
IGNORED_URLS = re.compile(r"/favicon\.ico$")  # Chromium asks for it; the site has none

PAPER = NBS / "paper.ipynb"
# a citation of the chapter: `paper.ipynb#sec-split`, or in code `nbs/paper.ipynb#sec-scenes, #sec-split`
ANCHOR = r"[\w-]+(?:[.:][\w-]+)*"
CITATION = re.compile(rf"paper\.ipynb((?:#{ANCHOR})(?:,\s*#{ANCHOR})*)")
MD_LINK = re.compile(r"\]\(([^)\s]*paper\.ipynb)#")


def paper_anchors():
    "The anchors nbs/paper.ipynb declares: Pandoc heading ids (`## Title {#sec-x}`) and `<a id=...>` in Markdown."
    md = "\n".join("".join(c["source"]) for c in json.loads(PAPER.read_text())["cells"] if c["cell_type"] == "markdown")
    return set(re.findall(rf"^#{{1,6}} .*\{{#({ANCHOR})[^}}]*\}}\s*$", md, re.M)) | set(re.findall(r"<a id=\"([^\"]+)\"", md))


def citing_texts():
    "(file, text) for every notebook (Markdown and code cells), README.md and the Python files of the repository."
    for nb in sorted(NBS.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in nb.parts: continue
        yield nb, "\n".join("".join(c["source"]) for c in json.loads(nb.read_text())["cells"])
    for f in [ROOT / "README.md", *(f for d in ("sysgen", "tools", "tests") for f in sorted((ROOT / d).glob("*.py")))]:
        yield f, f.read_text()


def _source_dir(module_text: str) -> Path:
    "The folder of the notebook a library module is exported from (its 'File to edit' line), where its docstrings' links start."
    m = re.search(r"File to edit: \.\./(\S+\.ipynb)", module_text)
    return (ROOT / m[1]).parent if m else NBS


def test_paper_citations_resolve():
    "Each citation of the paper chapter names an anchor it has, and each Markdown link to it has the right path."
    anchors, bad = paper_anchors(), []
    assert {"sec-claim", "sec-numbers", "sec-split", "sec-evaluation", "sec-unknowns"} <= anchors, anchors
    for f, text in citing_texts():
        if f == Path(__file__): continue
        rel = f.relative_to(ROOT)
        for m in CITATION.finditer(text):
            bad += [f"{rel}: #{a} (no such anchor in nbs/paper.ipynb)" for a in re.findall(f"#({ANCHOR})", m[1])
                    if a not in anchors]
        # Markdown in a notebook or README is relative to its file; a library docstring to its notebook's folder, and the
        # Markdown that tools/ write is the README's
        base = f.parent if f.suffix in (".ipynb", ".md") else _source_dir(text) if rel.parts[0] == "sysgen" else ROOT
        for m in MD_LINK.finditer(text):
            if (base / m[1]).resolve() != PAPER: bad.append(f"{rel}: link path {m[1]} does not lead to nbs/paper.ipynb")
    assert not bad, "citations of the paper chapter that lead nowhere:\n" + "\n".join(bad)


def test_no_old_citations():
    "The old citations of a developer note outside the repository (SPEC, a section sign, a number) are all gone."
    old = [f"{f.relative_to(ROOT)}: {l.strip()[:100]}" for f, text in citing_texts() if f != Path(__file__)
           for l in text.splitlines() if re.search(r"SPEC\s*§", l)]
    assert not old, f"{len(old)} lines still cite SPEC §N: point them at nbs/paper.ipynb#sec-...:\n" + "\n".join(old)


def test_conditional_content_and_range_index():
    "The site and the README keep what Quarto's `when-format` blocks show them; pandas' 0…n−1 index is left out."
    sys.path.insert(0, str(ROOT / "tools"))
    import nbformat
    from build_site import drop_range_index, format_content
    def cells(fmt):
        nb = nbformat.v4.new_notebook(cells=[
            nbformat.v4.new_markdown_cell('Both.\n\n::: {.content-visible when-format="html"}\nSite only:'),
            nbformat.v4.new_code_cell("plot()"),
            nbformat.v4.new_markdown_cell(":::\n\n::: {.callout-note}\nA note.\n:::"),
            nbformat.v4.new_markdown_cell('::: {.content-visible when-format="markdown"}\nREADME only.\n:::')])
        format_content(nb, fmt)
        return [c.source for c in nb.cells]
    assert cells("html") == ["Both.\n\nSite only:", "plot()", "::: {.callout-note}\nA note.\n:::"]
    assert cells("markdown") == ["Both.", "::: {.callout-note}\nA note.\n:::", "README only."]
    table = ('<table border="1" class="dataframe"><thead><tr><th></th><th>a</th></tr></thead>'
             '<tbody><tr><th>0</th><td>1</td></tr><tr><th>1</th><td>2</td></tr></tbody></table>')
    assert drop_range_index(table) == ('<table border="1" class="dataframe"><thead><tr><th>a</th></tr></thead>'
                                       '<tbody><tr><td>1</td></tr><tr><td>2</td></tr></tbody></table>')
    named = table.replace("<th>0</th>", "<th>run-a</th>")
    assert drop_range_index(named) == named


def sidebar(texts=False):
    "Notebook paths (below nbs/) of the sidebar in _quarto.yml, in order; with `texts`, a dict path → the title it gives (None: the notebook's)."
    def walk(items):
        for it in items:
            if isinstance(it, str): yield it, None
            elif "section" in it: yield from walk(it.get("contents", []))
            elif "href" in it: yield it["href"], it.get("text")
    pages = list(walk(yaml.safe_load((ROOT / "_quarto.yml").read_text())["website"]["sidebar"]["contents"]))
    return dict(pages) if texts else [src for src, _ in pages]


def expected(src):
    "Title, page path (nbdev's naming), figure count and whether there is math, from the committed notebook."
    nb = json.loads((NBS / src).read_text())
    md = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    title = sidebar(texts=True).get(src) or next((l[2:].strip() for l in md.splitlines() if l.startswith("# ")), None)
    def shown(c):
        s = "".join(c["source"])
        return not re.search(r"^#\|\s*(hide\b|include:\s*false|output:\s*false)", s, re.M)
    def images(outputs):                                  # image data, or a figure saved as a file (a Markdown image)
        return sum(any(k.startswith("image/") for k in o.get("data", {})) or "![" in "".join(o.get("data", {}).get("text/markdown", ""))
                   for o in outputs)
    figures = sum(images(c.get("outputs", [])) for c in nb["cells"] if c["cell_type"] == "code" and shown(c))
    state = nb["metadata"].get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    figures += sum(images(m.get("state", {}).get("outputs", [])) for m in state.values())
    p = Path(src)
    href = str(p.with_name(re.sub(r"^\d+[a-zA-Z0-9]*_", "", p.name.lower())).with_suffix(".html"))
    math = bool(re.search(r"\$\$.+?\$\$|\$[^$\s`][^$`\n]*\$", md, re.S))
    return dict(title=title, href=href, figures=figures, math=math)


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *a): pass


@pytest.fixture(scope="module")
def site():
    if os.environ.get("SYSGEN_SITE") != "1": pytest.skip("docs site test: set SYSGEN_SITE=1 (needs chromium and `npm ci`)")
    t0 = time.time()
    r = subprocess.run([sys.executable, "tools/build_site.py", "--out", str(OUT)], cwd=ROOT, capture_output=True,
                       text=True)
    print(f"\n[site] built in {time.time() - t0:.1f} s (rc {r.returncode}):\n" +
          "\n".join(l for l in r.stdout.splitlines() if not l.startswith(" ")))
    assert (OUT / "index.html").exists(), f"the build made no site:\n{r.stdout}\n{r.stderr[-5000:]}"
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(OUT)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    assert chromium, "no chromium: `apt-get install chromium` (or set CHROMIUM to a Chromium/Chrome binary)"
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync"])
        (OUT / "_screenshots").mkdir(exist_ok=True)
        t1, site = time.time(), dict(build=r, url=f"http://127.0.0.1:{server.server_address[1]}/", browser=browser, n=0)
        yield site
        print(f"\n[site] {site['n']} pages opened in Chromium {browser.version} in {time.time() - t1:.1f} s; "
              f"screenshots in {OUT / '_screenshots'}")
        browser.close()
    server.shutdown()


def check(ok, msg):
    "Fail with `msg` alone (no traceback) unless `ok`."
    if not ok: pytest.fail(msg, pytrace=False)


def test_build(site):
    "The builder reports no error (a notebook nbdev cannot process, say)."
    r = site["build"]
    i = r.stderr.find("ERROR:")  # the builder's summary of errors comes last
    check(r.returncode == 0, "tools/build_site.py failed:\n" + r.stderr[i if i >= 0 else -5000:])


def test_no_leaks(site):
    "No built page shows the build machine: its environment, an absolute home, root or temporary path, a token."
    found = []
    for page in sorted(OUT.rglob("*.html")):
        text = html.unescape(page.read_text(encoding="utf-8", errors="replace"))
        found += [f"{page.relative_to(OUT)}: …{text[max(0, m.start() - 40):m.end() + 40]}…" for m in LEAKS.finditer(text)]
    check(not found, f"{len(found)} leaks of the build machine in the built pages:\n" + "\n".join(found[:20]))


WIDGETS_RENDERED = """() => [...document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]')]
    .every(s => s.previousElementSibling && s.previousElementSibling.querySelector('.jupyter-widgets, .lm-Widget'))"""
MATH_DONE = "() => window.MathJax ? new Promise(r => MathJax.Hub.Queue(() => r(true))) : false"
IMAGES_DONE = "() => [...document.images].every(i => i.complete)"   # loaded or failed: the checks below tell which
PAGE_FACTS = """() => ({
    title: document.title,
    h1: document.querySelector('h1') && document.querySelector('h1').textContent.trim(),
    images: [...document.images].map(i => ({src: i.currentSrc.slice(0, 60), w: i.naturalWidth})),
    widgets: document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]').length,
    math: document.querySelectorAll('.MathJax_CHTML').length,
    math_errors: document.querySelectorAll('.MathJax_Error, .mjx-merror, .mjx-noError').length,
    links: [...document.querySelectorAll('a[href]')].map(a => a.origin + a.pathname + a.hash)
        .filter(h => h.startsWith(location.origin)),
    // code or a table wider than its box that neither wraps nor scrolls: cut at the right edge
    cut: [...document.querySelectorAll('#site-main pre, #site-main table')].filter(e => {
        for (let a = e; a && a.id !== 'site-main'; a = a.parentElement) {
            const o = getComputedStyle(a).overflowX;
            if (o === 'auto' || o === 'scroll') return false;
            if ((o === 'hidden' || o === 'clip') && a.scrollWidth > a.clientWidth + 1) return true;
        }
        return e.getBoundingClientRect().right > document.querySelector('#site-main').getBoundingClientRect().right + 1;
    }).map(e => e.textContent.trim().slice(0, 60)),
    // tables whose row headers are pandas' default index 0, 1, …
    range_index: [...document.querySelectorAll('#site-main table')].filter(t => {
        const h = [...t.querySelectorAll('tbody tr')].map(r => r.firstElementChild.tagName === 'TH' ? r.firstElementChild.textContent.trim() : null);
        return h.length > 1 && h.every((x, i) => x === String(i));
    }).length,
    // the home page: which comes first, a picture or code
    first_code: (() => { const c = document.querySelector('#site-main .jp-CodeCell .jp-InputArea');
        return c ? [...document.querySelectorAll('#site-main img')].filter(i => i.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING).length : -1; })()})"""


@lru_cache(maxsize=None)
def page_ids(page):
    "The ids (and <a name>s) of a built page, `page` a path in OUT."
    text = (OUT / page).read_text(encoding="utf-8")
    return {unquote(html.unescape(v)) for v in re.findall(r'\s(?:id|name)="([^"]*)"', text)}


def broken_links(links, url):
    "Links (absolute URLs below `url`) to a page that is not in the site, or to an anchor the page does not have."
    out = set()
    for link in links:
        page, _, anchor = link[len(url):].partition("#")
        page = page or "index.html"
        if page.endswith("/"): page += "index.html"
        if not (OUT / page).is_file(): out.add(f"{link} (no such page)")
        elif anchor and unquote(anchor) not in page_ids(page): out.add(f"{link} (no anchor #{unquote(anchor)} on {page})")
    return sorted(out)


def settle(page, pending, href, timeout=60.0):
    "Wait until none of the page's requests (`pending`, kept by its request events) is open; fail naming those left."
    deadline = time.time() + timeout
    while pending and time.time() < deadline: page.wait_for_timeout(100)
    check(not pending, f"{href}: requests still open after {timeout:.0f} s: " + ", ".join(sorted(q.url for q in pending)))


def test_settle():
    "A page whose requests have all ended passes at once; one left open fails, naming its URL (no browser needed)."
    from types import SimpleNamespace as NS
    class Request(NS): __hash__ = object.__hash__
    waits = []
    page = NS(wait_for_timeout=waits.append)
    settle(page, set(), "x.html")
    assert waits == []
    with pytest.raises(pytest.fail.Exception, match=r"x\.html: requests still open after 0 s: http://h/slow\.js"):
        settle(page, {Request(url="http://h/slow.js")}, "x.html", timeout=0.2)
    assert waits


@pytest.mark.parametrize("src", sidebar())
def test_page(site, src):
    check((NBS / src).exists(), f"the sidebar in _quarto.yml lists nbs/{src}, which does not exist")
    want = expected(src)
    check(want["title"], f"nbs/{src} has no `# ` title in a markdown cell")
    check((OUT / want["href"]).exists(), f"nbs/{src}: its page {want['href']} was not built (see test_build)")
    site["n"] += 1
    t0, errors = time.time(), []
    page = site["browser"].new_page(viewport={"width": 1280, "height": 1600})
    page.on("console", lambda m: m.type == "error" and not IGNORED_URLS.search(m.location.get("url", ""))
            and errors.append(f"console error: {m.text} ({m.location.get('url')})"))
    page.on("pageerror", lambda e: errors.append(f"uncaught exception: {e}"))
    page.on("requestfailed", lambda q: errors.append(f"request failed: {q.url} ({q.failure})"))
    page.on("response", lambda q: q.status >= 400 and not IGNORED_URLS.search(q.url)
            and errors.append(f"HTTP {q.status}: {q.url}"))
    # Readiness is waited for explicitly (Playwright discourages `networkidle`, whose 500 ms quiet window timed
    # out once in CI on the heaviest page): the page's own requests, tracked here, must all end.
    pending = set()
    page.on("request", lambda q: pending.add(q))
    page.on("requestfinished", lambda q: pending.discard(q))
    page.on("requestfailed", lambda q: pending.discard(q))
    try:
        resp = page.goto(site["url"] + want["href"], wait_until="load", timeout=60_000)
        check(resp and resp.status == 200, f"{want['href']}: HTTP {resp and resp.status}")
        page.wait_for_function(IMAGES_DONE, timeout=60_000)
        page.wait_for_function(WIDGETS_RENDERED, timeout=30_000)
        page.evaluate(MATH_DONE)
        settle(page, pending, want["href"])
        facts = page.evaluate(PAGE_FACTS)
        if want["href"] in SCREENSHOTS: page.screenshot(path=OUT / "_screenshots" / SCREENSHOTS[want["href"]])
    finally:
        page.close()
    print(f"\n[site] {want['href']:34} {time.time() - t0:4.1f} s  {len(facts['images'])} images, "
          f"{facts['widgets']} widgets, {facts['math']} math")
    check(facts["h1"] == want["title"], f"{want['href']}: <h1> is {facts['h1']!r}, not {want['title']!r}")
    check(want["title"] in facts["title"], f"{want['href']}: <title> is {facts['title']!r}, not {want['title']!r}")
    empty = [i["src"] for i in facts["images"] if not i["w"]]
    check(not empty, f"{want['href']}: images that did not load: {empty}")
    check(len(facts["images"]) >= want["figures"],
          f"{want['href']}: {len(facts['images'])} images, but nbs/{src} has {want['figures']} figures in its outputs")
    check(not want["math"] or facts["math"], f"{want['href']}: nbs/{src} has math, but MathJax rendered none")
    check(not facts["math_errors"], f"{want['href']}: {facts['math_errors']} MathJax errors")
    broken = broken_links(facts["links"], site["url"])
    check(not broken, f"{want['href']}: links that lead nowhere in the site:\n" + "\n".join(broken))
    check(not facts["cut"], f"{want['href']}: code or tables cut at the right edge: {facts['cut']}")
    check(not facts["range_index"], f"{want['href']}: {facts['range_index']} tables show pandas' 0…n index")
    if want["href"] == "index.html":   # the home page shows the scenes and the headline plot before any code
        check(facts["first_code"] == -1 or facts["first_code"] >= 2,
              f"index.html: code comes before the scenes and the headline plot ({facts['first_code']} images before it)")
    check(not errors, f"{want['href']}:\n" + "\n".join(errors))


# Words about how the work behind a page was organised, which tell a reader nothing about the science: machines lent,
# sessions and their budgets, work items, issue numbers, numbered rounds. Matched in prose (Markdown and outputs), not in
# code, and narrowly: a process "session" or a CLI's `--budget` is not organisation.
ORGANISATION = re.compile(
    r"\b(?:lent|work items?|issue #?\d+|rounds? \d+|device[- ](?:minutes|time)|(?:device|session) budgets?|budget left"
    r"|sessions? (?:had|held|ran|ended|lent)|(?:several|later|earlier|previous|next|this|that|one|two|three) sessions?)\b", re.I)
READER = {"width": 1400, "height": 1000}      # a laptop's browser window
READER_FACTS = """() => ({
    width: document.documentElement.scrollWidth, client: document.documentElement.clientWidth,
    box: (() => { const b = document.querySelector('#result-box'); if (!b) return null;
                  const r = b.getBoundingClientRect(); return [r.top + window.scrollY, r.bottom + window.scrollY]; })(),
    figure: (() => { const f = [...document.images].find(i => (i.alt || '').includes('unseen combinations')); if (!f) return null;
                     const r = f.getBoundingClientRect(); return [r.top + window.scrollY, r.bottom + window.scrollY]; })(),
    prose: [...document.querySelectorAll('#site-main > header, #site-main .jp-MarkdownCell, #site-main .jp-OutputArea-output')]
        .map(e => e.innerText).join('\\n')})"""


def test_organisation_words():
    "The deny-list matches the organisation of the work, and leaves alone the words science and code use."
    for said in ("trained on a lent GPU", "as the sessions had them", "in two sessions", "the work item asked",
                 "issue 11", "issue #3", "15 device minutes", "the session budget", "round 15", "rounds 19–20"):
        assert ORGANISATION.search(said), said
    for fine in ("each run in its own session", "the runs live in sessions of their own", "--budget SECONDS",
                 "on a CPU budget", "within a time budget", "a compute budget", "the silent lentil", "a tissue of 11 cells",
                 "around 1/3", "rounded to 3 places"):
        assert not ORGANISATION.search(fine), fine


@pytest.mark.parametrize("src", sidebar())
def test_reading(site, src):
    "At 1400 × 1000: the page does not scroll sideways, the home page's headline figure is on its first screen and its result box begins there, and its prose holds no words about how the work was organised."
    want = expected(src)
    check((OUT / want["href"]).exists(), f"nbs/{src}: its page {want['href']} was not built (see test_build)")
    page = site["browser"].new_page(viewport=READER)
    try:
        page.goto(site["url"] + want["href"], wait_until="load", timeout=60_000)
        page.wait_for_function(IMAGES_DONE, timeout=60_000)
        page.evaluate(MATH_DONE)
        facts = page.evaluate(READER_FACTS)
    finally:
        page.close()
    words = sorted({m[0] for m in ORGANISATION.finditer(facts["prose"])})
    check(facts["width"] <= facts["client"],
          f"{want['href']}: {facts['width']} px wide at a {facts['client']} px window: it scrolls sideways")
    if want["href"] == "index.html":    # the answer is a picture: the headline figure whole on the first screen, the box begun on it
        check(facts["figure"] is not None and facts["figure"][1] <= READER["height"],
              f"index.html: the headline figure is not within the first {READER['height']} px: {facts['figure']}")
        check(facts["box"] is not None and facts["box"][0] <= READER["height"],
              f"index.html: the result box (#result-box) does not begin within the first {READER['height']} px: {facts['box']}")
    check(not words, f"{want['href']}: words about how the work was organised, not about the science: {words}")


SCREEN = {"width": 1280, "height": 900}       # a smaller laptop's window: the first screen of an experiment page
FIRST_IMAGE = """() => { const main = document.querySelector('#site-main') || document.body;
    const f = [...main.querySelectorAll('img')].find(i => i.naturalWidth > 50); const h = document.documentElement.scrollHeight;
    if (!f) return {image: null, height: h};
    const r = f.getBoundingClientRect(); return {image: [r.top + window.scrollY, r.bottom + window.scrollY], height: h}; }"""


@pytest.mark.parametrize("src", [s for s in sidebar() if re.match(r"experiments/\d", s)])
def test_first_screen(site, src):
    "At 1280 × 900, an experiment page with a figure shows its first figure whole on its first screen, under the one-sentence answer (a screenshot of that screen is left in _screenshots/first-NAME.png)."
    want = expected(src)
    if not want["figures"]: pytest.skip(f"{src} has no figure")
    page = site["browser"].new_page(viewport=SCREEN)
    try:
        page.goto(site["url"] + want["href"], wait_until="load", timeout=60_000)
        page.wait_for_function(IMAGES_DONE, timeout=60_000)
        facts = page.evaluate(FIRST_IMAGE)
        page.screenshot(path=OUT / "_screenshots" / f"first-{Path(want['href']).stem}.png")
    finally:
        page.close()
    print(f"[screen] {want['href']}: {facts['height'] / SCREEN['height']:.1f} screens, first figure at {facts['image']}")
    check(facts["image"] is not None and facts["image"][1] <= SCREEN["height"],
          f"{want['href']}: its first figure is not whole within the first {SCREEN['height']} px: {facts['image']}")


def test_titles_unique():
    "Every page of the sidebar has a title of its own (the sidebar's `text:` where it gives one, else the notebook's)."
    titles = [expected(src)["title"] for src in sidebar() if (NBS / src).exists()]
    twice = sorted({t for t in titles if titles.count(t) > 1})
    assert not twice, f"titles used by more than one page: {twice}"
