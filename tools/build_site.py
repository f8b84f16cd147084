#!/usr/bin/env python
"""Build the docs site offline, without Quarto: the pages `nbdev_docs` would make, as plain HTML.

    python tools/build_site.py [--out _site_offline] [--strict]

The pages and their order come from the sidebar in `_quarto.yml` (the config `nbdev_docs` uses). Each notebook goes
through nbdev's own docs processing (the per-notebook driver of `nbdev.serve.proc_nbs`: show_doc cells, `#| hide`,
front matter, links), then through nbconvert's HTML exporter with Quarto's cell options applied (`echo`, `output`,
`include`), MathJax, require.js and the Jupyter widget manager served from `node_modules/` (`npm ci` first), and a
navigation sidebar with previous/next links. The CSS that nbconvert's lab template would inline in every page
(JupyterLab's stylesheet, its light theme, the Pygments colours) and the site's own are written once, to
`OUT/_static/site.css`, which every page links. Notebooks are not executed: their committed outputs are shown, and
saved widget state is rendered as static widgets. Open `OUT/index.html`, or serve it: `python -m http.server -d OUT`.

As Quarto does, a heading's Pandoc attribute sets its id (`## The split {#sec-split}` → `id="sec-split"`, the
anchor that `paper.ipynb#sec-split` links to), and a page's description (the notebook's `> ` line) is Markdown.
show_doc's "source" links are kept only when settings.ini's `git_url` is set (README: "Source links").

A page listed in the sidebar whose notebook does not exist is a warning (an error with `--strict`); a notebook that
nbdev cannot process is an error, and so is a warning from nbdev's processing (such as "Found cells containing
imports and other code": nbdev then executes the whole cell to build the docs). The exit status is 1 after any
error. `OUT/_site.json` lists what was built.
"""
import argparse, base64, importlib, json, mimetypes, os, re, shutil, sys, tempfile, time, warnings
from concurrent.futures import ProcessPoolExecutor
from html import escape
from multiprocessing import get_context
from pathlib import Path

import jinja2, mistune, nbformat, yaml
import nbdev.serve_drv
from nbconvert import HTMLExporter
from traitlets.config import Config
from nbdev.config import get_config
from nbdev.processors import FilterDefaults

ROOT = Path(__file__).resolve().parents[1]
NBS, NODE = ROOT / "nbs", ROOT / "node_modules"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
# Files copied from node_modules into OUT/_static (MathJax: only what the TeX-AMS_CHTML-full config loads).
ASSETS = {"requirejs/require.js": "require.js",
          "@jupyter-widgets/html-manager/dist": "html-manager",
          **{f"mathjax/{p}": f"mathjax/{p}" for p in (
              "MathJax.js", "config/TeX-AMS_CHTML-full.js", "config/Safe.js", "extensions", "jax/input/TeX",
              "jax/output/CommonHTML", "jax/element", "fonts/HTML-CSS/TeX/woff", "localization/en")}}
SKIP_ASSETS = shutil.ignore_patterns("*.map", "embed.js*", "libembed-amd.js")

CSS = """
body.jp-Notebook { margin: 0; padding: 0; }
#site-nav { position: fixed; top: 0; bottom: 0; left: 0; width: 250px; overflow-y: auto; box-sizing: border-box;
  padding: 1rem; background: #f7f7f9; border-right: 1px solid #ddd; font: 14px/1.5 system-ui, sans-serif; }
#site-nav .site-name { font-size: 1.3rem; font-weight: 600; color: #2780e3; text-decoration: none; }
#site-nav .section { margin: 1rem 0 .2rem; font-weight: 600; color: #555; }
#site-nav ul { list-style: none; margin: 0; padding: 0 0 0 .6rem; }
#site-nav a.page { color: #333; text-decoration: none; } #site-nav a.page:hover { text-decoration: underline; }
#site-nav a.current { color: #2780e3; font-weight: 600; }
#site-nav .missing { color: #aaa; font-style: italic; }
#site-main { margin-left: 250px; padding: 1rem 2rem 3rem; max-width: 1100px; }
#site-main > header h1 { margin: .5rem 0; font-size: 2.2rem; }
#site-main > header .description { font-style: italic; opacity: .7; font-size: 1.2rem; margin-top: 0; }
.jp-RenderedMarkdown div.highlight { margin-bottom: 1em; }   /* a code block, then the next paragraph */
/* long lines: code scrolls sideways inside its cell, output text wraps, wide tables scroll; nothing is cut off */
#site-main { min-width: 0; }
.jp-Cell, .jp-Cell-inputWrapper, .jp-Cell-outputWrapper, .jp-InputArea, .jp-OutputArea, .jp-OutputArea-child { min-width: 0; }
.jp-InputArea-editor, .jp-CodeMirrorEditor, .jp-RenderedMarkdown div.highlight { overflow-x: auto; max-width: 100%; }
.jp-InputArea-editor pre, .jp-RenderedMarkdown div.highlight pre { overflow-x: auto; white-space: pre; }
.jp-OutputArea-output { overflow-x: auto; max-width: 100%; }
.jp-OutputArea-output pre { white-space: pre-wrap; overflow-wrap: anywhere; }
#site-main img { max-width: 100%; height: auto; }
#site-pager { display: flex; justify-content: space-between; margin-top: 3rem; padding-top: 1rem;
  border-top: 1px solid #ddd; font: 15px system-ui, sans-serif; }
"""

# What nbconvert's lab template inlines in every page (JupyterLab's CSS, its light theme, the template's own rules, the
# Pygments colours), with the site's CSS, goes into one stylesheet, OUT/_static/site.css, that every page links.
LAB_CSS = """
* { -webkit-print-color-adjust: exact; }
a.anchor-link { display: none; }
.jp-InputArea { overflow: hidden; }
.jp-InputArea-editor { overflow: hidden; }
.cm-editor.cm-s-jupyter .highlight pre { padding: var(--jp-code-padding) 4px; margin: 0; font-family: inherit;
  font-size: inherit; line-height: inherit; color: inherit; }
.jp-OutputArea-output pre { line-height: inherit; font-family: inherit; }
.jp-RenderedText pre { color: var(--jp-content-font-color1); font-size: var(--jp-code-font-size); }
.jp-Collapser { display: none; }
@page { margin: 0.5in; }
@media print { .jp-Cell-inputWrapper, .jp-Cell-outputWrapper { display: block; } }
"""


def site_css(exporter):
    "The one stylesheet of the site: what the lab template would inline in each page (`notebook_css`, Pygments), then `CSS`."
    from jupyterlab_pygments import JupyterStyle
    from pygments.formatters import HtmlFormatter
    env = exporter.environment
    lab = [env.loader.get_source(env, f"static/{name}.css")[0] for name in ("index", "theme-light")]
    return "\n".join([*lab, LAB_CSS, HtmlFormatter(style=JupyterStyle).get_style_defs(".highlight"), CSS])


TEMPLATE = """{%- extends 'index.html.j2' -%}
{% block notebook_css %}<link rel="stylesheet" href="{{ resources.site.css_href }}">{% endblock notebook_css %}
{%- block body_header -%}
<body class="jp-Notebook" data-jp-theme-light="true" data-jp-theme-name="JupyterLab Light">
{{ resources.site.nav }}
<main id="site-main">
<header><h1 class="title">{{ resources.site.title | e }}</h1>
{%- if resources.site.description %}<p class="description">{{ resources.site.description }}</p>{% endif -%}
</header>
{%- endblock body_header -%}
{% block body_footer %}
{{ resources.site.pager }}
</main>
</body>
{% endblock body_footer %}
"""


def nbdev_process(args):
    "nbdev's per-notebook docs driver (`nbdev.serve_drv.main`) on `args`; returns the messages of nbdev's warnings."
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        nbdev.serve_drv.main(args)
    return [str(w.message).strip() for w in caught if f"{os.sep}nbdev{os.sep}" in w.filename]


INLINE_MD = mistune.create_markdown(escape=True)


def inline_markdown(text):
    "A one-paragraph Markdown text (a page's description) as HTML without the enclosing <p>, raw HTML escaped."
    html = INLINE_MD(str(text)).strip()
    return html[3:-4] if html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1 else html


# `<h2 id="auto">Title {#sec-x}<a class="anchor-link" href="#auto">`: nbconvert keeps Pandoc's attribute as text
PANDOC_ID = re.compile(r'<h([1-6]) id="[^"]*">((?:(?!</h[1-6]>).)*?)\s*\{#([A-Za-z][\w:.-]*)[^}]*\}<a class="anchor-link" href="#[^"]*">')


def heading_ids(html):
    "Headings with a Pandoc id attribute (`## Title {#sec-x}`) get that id, as Quarto gives them."
    return PANDOC_ID.sub(lambda m: f'<h{m[1]} id="{m[3]}">{m[2]}<a class="anchor-link" href="#{m[3]}">', html)


def symbol_anchors(out, built):
    """nbdev links a name in backticks to its anchor (`dataset.html#dataset.__getitem__`), but only names that have a
    show_doc heading have one. Point the others at their class's heading (`#dataset`), or at the page; return them."""
    ids = {p["href"]: set(re.findall(r'\sid="([^"]*)"', (out / p["href"]).read_text(encoding="utf-8"))) for p in built}
    fallbacks = []
    for p in built:
        f = out / p["href"]
        def fix(m):
            url, _, anchor = m[1].partition("#")
            target = os.path.normpath(os.path.join(os.path.dirname(p["href"]), url)) if url else p["href"]
            if not anchor or anchor in ids.get(target, {anchor}): return f'href="{m[1]}"'
            fallbacks.append(anchor)
            cls = anchor.rsplit(".", 1)[0] if "." in anchor else None
            return f'href="{url}#{cls}"' if cls in ids[target] else f'href="{url or "#"}"'
        f.write_text(re.sub(r'data-symbol href="([^"]*)"', fix, f.read_text(encoding="utf-8")), encoding="utf-8")
    return fallbacks


def sidebar_pages(quarto_yml=ROOT / "_quarto.yml"):
    "The sidebar of `quarto_yml` in order, as dicts with `src` (path below nbs/), `section` and optional `text`."
    cfg = yaml.safe_load(Path(quarto_yml).read_text())
    pages = []
    def walk(items, section):
        for it in items:
            if isinstance(it, str): pages.append(dict(src=it, section=section))
            elif "section" in it: walk(it.get("contents", []), it["section"])
            elif "href" in it: pages.append(dict(src=it["href"], section=section, text=it.get("text")))
            else: print(f"WARNING: sidebar entry {it!r} in {quarto_yml} ignored", file=sys.stderr)
    walk(cfg["website"]["sidebar"]["contents"], None)
    return pages


def front_matter(nb):
    "Remove the YAML front matter cell nbdev made from the notebook's `# Title` and `> description`; return it."
    for i, c in enumerate(nb.cells):
        if c.cell_type == "raw" and c.source.startswith("---"):
            del nb.cells[i]
            return yaml.safe_load(c.source.strip().strip("-")) or {}
    return {}


def pandoc_link(m):
    "`[text](url){attrs}` as an HTML link; show_doc's `source` link only if it is absolute (settings.ini's git_url)."
    if m[1] == "source" and not re.match(r"https?://", m[2]): return ""   # git_url empty: /blob/… would lead nowhere
    return f'<a href="{m[2]}" {m[3]}>{m[1]}</a>'


# Quarto's conditional content: `::: {.content-visible when-format="html"}` … `:::` (or content-hidden), across cells
COND = re.compile(r'^:::+\s*\{\s*\.content-(visible|hidden)\s+when-format\s*=\s*"([^"]+)"\s*\}\s*$')
FORMATS = {"html": {"html"}, "markdown": {"markdown", "gfm", "commonmark", "md"}}


def format_content(nb, fmt="html"):
    """Keep what Quarto's conditional blocks show in `fmt` ("html" for the site, "markdown" for the README), code cells
    inside them included, and drop the blocks' fences; other `:::` divs are left as they are."""
    stack, cells = [], []          # one entry per open div: True/False (a conditional block: shown?), None (another div)
    shown = lambda: all(s is not False for s in stack)
    for c in nb.cells:
        if c.cell_type != "markdown":
            if shown(): cells.append(c)
            continue
        keep = []
        for line in c.source.split("\n"):
            m, s = COND.match(line.strip()), line.strip()
            if m: stack.append((m[2] in FORMATS[fmt]) == (m[1] == "visible")); continue
            if re.fullmatch(r":::+\s*\{.*\}|:::+\s*\w.*", s): stack.append(None)
            elif re.fullmatch(r":::+", s) and stack:
                if stack.pop() is not None: continue
            if shown(): keep.append(line)
        c.source = "\n".join(keep).strip("\n")
        if c.source.strip(): cells.append(c)
    nb.cells = cells


def quarto_options(nb):
    "Apply the Quarto cell options Quarto would (`#| include/echo/output`) and strip `#|` lines from the code."
    cells = []
    for c in nb.cells:
        if c.cell_type == "code":
            lines = c.source.splitlines()
            n = next((i for i, l in enumerate(lines) if not l.startswith("#|")), len(lines))
            opts = {k.strip(): v.strip().lower() for k, _, v in (l[2:].partition(":") for l in lines[:n]) if v}
            if opts.get("include") == "false": continue
            c.source = "\n".join(lines[n:])
            if opts.get("echo") == "false" or not c.source.strip(): c.metadata["transient"] = {"remove_source": True}
            if opts.get("output") == "false": c.outputs = []
        cells.append(c)
    nb.cells = cells
    for c in nb.cells:  # Pandoc link attributes, as in show_doc's `[source](url){target="_blank" style=...}`
        for o in c.get("outputs", []):
            md = o.get("data", {}).get("text/markdown")
            if md: o["data"]["text/markdown"] = re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)\{([^}]*)\}", pandoc_link, md)
    widgets = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {})
    if not widgets.get("state"): nb.metadata.pop("widgets", None)  # no widget manager on pages without widgets


DATAFRAME = re.compile(r'<table border="1" class="dataframe">.*?</table>', re.S)


def drop_range_index(html):
    """A pandas table without its default index: when every header row starts with an empty cell and the body's row
    headers are 0, 1, …, n−1, those cells go (an index with names or other values stays)."""
    def one(m):
        t = m[0]
        head, _, body = t.partition("</thead>")
        rows_h, rows_b = re.findall(r"<tr[^>]*>\s*<th[^>]*>(.*?)</th>", head, re.S), re.findall(r"<tr[^>]*>\s*<th[^>]*>(.*?)</th>", body, re.S)
        if not rows_b or any(h.strip() for h in rows_h) or [b.strip() for b in rows_b] != [str(i) for i in range(len(rows_b))]:
            return t
        return re.sub(r"(<tr[^>]*>\s*)<th[^>]*>[^<]*</th>\s*", r"\1", t)
    return DATAFRAME.sub(one, html)


def hide_range_indexes(nb):
    "pandas' 0…n−1 index is noise on a page: drop it from every DataFrame output (`drop_range_index`)."
    for c in nb.cells:
        for o in c.get("outputs", []):
            h = o.get("data", {}).get("text/html")
            if h: o["data"]["text/html"] = drop_range_index("".join(h) if isinstance(h, list) else h)


def embed_md_images(nb, folder):
    "Markdown images with a relative path (`![alt](img.png)`), in Markdown cells and Markdown outputs, as data URIs, so pages work from any folder."
    # (nbconvert's own `embed_images` also mangles inline HTML such as show_doc's `<a ...>source</a>`)
    def data_uri(m):
        f = folder / m[2]
        if re.match(r"[a-z]+:", m[2]) or not f.is_file(): return m[0]
        mime = mimetypes.guess_type(f.name)[0] or "application/octet-stream"
        return f"![{m[1]}](data:{mime};base64,{base64.b64encode(f.read_bytes()).decode()})"
    image = r"!\[([^\]]*)\]\(([^)\s]+)\)"
    for c in nb.cells:
        if c.cell_type == "markdown": c.source = re.sub(image, data_uri, c.source)
        for o in c.get("outputs", []):                      # a figure saved as a file (`sysgen.plots.figure_file`)
            md = o.get("data", {}).get("text/markdown")
            if md: o["data"]["text/markdown"] = re.sub(image, data_uri, "".join(md) if isinstance(md, list) else md)


def count_figures(nb):
    "Outputs and figures (images in outputs, also inside saved widget state) of a notebook."
    outs = [o for c in nb.cells for o in c.get("outputs", [])]
    def imgs(os_): return sum(any(k.startswith("image/") for k in o.get("data", {})) or "![" in str(o.get("data", {}).get("text/markdown", "")) for o in os_)
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    return len(outs), imgs(outs) + sum(imgs(m.get("state", {}).get("outputs", [])) for m in state.values())


def nav_html(pages, cur, prefix, site_title):
    out, section = [f'<nav id="site-nav"><a class="site-name" href="{prefix}index.html">{escape(site_title)}</a>'], None
    for p in pages:
        if p["section"] != section:
            if section is not None: out.append("</ul>")
            section = p["section"]
            out.append(f'<div class="section">{escape(section)}</div><ul>' if section else "")
        text = "Home" if p["href"] == "index.html" else escape(p["title"])   # the site name already heads the sidebar
        if p["missing"] or p["error"]: item = f'<span class="missing" title="{escape(p["missing"] or p["error"])}">{text}</span>'
        else: item = f'<a class="page{" current" if p is cur else ""}" href="{prefix}{p["href"]}">{text}</a>'
        out.append(f"<li>{item}</li>" if section else f"<div>{item}</div>")
    return "\n".join(out + (["</ul>"] if section else []) + ["</nav>"])


def pager_html(pages, cur, prefix):
    ok = [p for p in pages if not (p["missing"] or p["error"])]
    i = ok.index(cur)
    def link(p, rel, text):
        return f'<a rel="{rel}" href="{prefix}{p["href"]}">{text.format(escape(p["title"]))}</a>' if p else "<span></span>"
    return (f'<nav id="site-pager">{link(ok[i - 1] if i else None, "prev", "&larr; {}")}'
            f'{link(ok[i + 1] if i + 1 < len(ok) else None, "next", "{} &rarr;")}</nav>')


def page_link(page, target, by_src):
    "The link from `page` to the page of the notebook `target` (relative to the page's notebook); unchanged if none."
    src = os.path.normpath(os.path.join(os.path.dirname(page["src"]), target))
    if src not in by_src: return target
    return os.path.relpath(by_src[src], os.path.dirname(page["href"]) or ".")


def build(out, strict=False, workers=2):
    t0, out = time.time(), Path(out).resolve()
    os.chdir(ROOT)  # nbdev finds settings.ini from the working directory (also in the worker processes)
    cfg = get_config()
    docs_url = cfg.doc_host.rstrip("/") + "/" + cfg.doc_baseurl.strip("/")
    site_title = yaml.safe_load((ROOT / "_quarto.yml").read_text())["website"].get("title", "")
    pages = sidebar_pages()
    for p in pages:
        p.update(nb=NBS / p["src"], missing=None, error=None, title=p.get("text") or Path(p["src"]).stem)
        p["href"] = re.sub(r"\.ipynb$", ".html", p["src"])
        if not p["nb"].exists(): p["missing"] = f"nbs/{p['src']} does not exist"
    missing = [p for p in pages if p["missing"]]
    for p in missing: print(f"WARNING: the sidebar in _quarto.yml lists nbs/{p['src']}, which does not exist", flush=True)
    if not (NODE / "mathjax").exists(): sys.exit("node_modules/ is missing: run `npm ci` in the repository root first")
    if out.exists(): shutil.rmtree(out)
    out.mkdir(parents=True)
    for src, dst in ASSETS.items():
        s, d = NODE / src, out / "_static" / dst
        d.parent.mkdir(parents=True, exist_ok=True)
        (shutil.copytree(s, d, ignore=SKIP_ASSETS) if s.is_dir() else shutil.copy2(s, d))

    todo = [p for p in pages if not p["missing"]]
    with tempfile.TemporaryDirectory() as tmp, ProcessPoolExecutor(workers, mp_context=get_context("spawn")) as pool:
        print(f"nbdev docs processing of {len(todo)} notebooks ({workers} processes)", flush=True)
        for p in todo:
            p["proc"] = Path(tmp) / p["src"]
            p["proc"].parent.mkdir(parents=True, exist_ok=True)
        # nbdev's per-notebook driver, in fresh processes, as `nbdev.serve.proc_nbs` runs it
        # by its module's name, not __main__'s: the IPython shell of nbdev's processing replaces a worker's __main__
        process = importlib.import_module(Path(__file__).stem).nbdev_process
        futs = [(p, pool.submit(process, (p["nb"], p["proc"], FilterDefaults))) for p in todo]
        for p, f in futs:
            try: warned = f.result()
            except Exception as e: p["error"] = f"nbdev processing failed: {e}"; continue
            if warned: p["error"] = "nbdev processing warned: " + "\n".join(warned)
        t1 = time.time()
        for p in todo:  # titles first: every page's sidebar needs all of them
            if p["error"]: continue
            p["nbnode"] = nbformat.read(p["proc"], as_version=4)
            fm = front_matter(p["nbnode"])
            p["title"], p["description"] = str(p.get("text") or fm.get("title") or p["title"]), fm.get("description")
            if p["description"]: p["description"] = inline_markdown(p["description"])
            if fm.get("output-file"): p["href"] = str(Path(p["src"]).parent / fm["output-file"]).removeprefix("./")
        by_src = {q["src"]: q["href"] for q in pages if not q["missing"]}   # notebook (below nbs/) → its page
        exporters = {}
        for p in todo:
            if p["error"]:
                print(f"ERROR  nbs/{p['src']}: {p['error']}", flush=True); continue
            nb, depth = p["nbnode"], p["href"].count("/")
            format_content(nb, "html")
            quarto_options(nb)
            hide_range_indexes(nb)
            embed_md_images(nb, p["nb"].parent)
            if depth not in exporters:
                s = "../" * depth + "_static/"
                exporters[depth] = HTMLExporter(
                    config=Config(CSSHTMLHeaderPreprocessor={"enabled": False}),   # its CSS is in site.css
                    template_name="lab", extra_loaders=[jinja2.DictLoader({"site.html.j2": TEMPLATE})],
                    template_file="site.html.j2", exclude_input_prompt=True, exclude_output_prompt=True,
                    require_js_url=s + "require.js", widget_renderer_url=s + "html-manager/embed-amd.js",
                    mathjax_url=s + "mathjax/MathJax.js?config=TeX-AMS_CHTML-full,Safe")
                if not (out / "_static" / "site.css").exists():
                    (out / "_static" / "site.css").write_text(site_css(exporters[depth]), encoding="utf-8")
            prefix = "../" * depth
            res = {"metadata": {"name": f"{p['title']} – {site_title}"},
                   "site": dict(css_href=prefix + "_static/site.css", title=p["title"], description=p["description"],
                                nav=nav_html(pages, p, prefix, site_title), pager=pager_html(pages, p, prefix))}
            try: html, _ = exporters[depth].from_notebook_node(nb, resources=res)
            except Exception as e:
                p["error"] = f"nbconvert failed: {e!r}"; print(f"ERROR  nbs/{p['src']}: {p['error']}", flush=True); continue
            # nbdev links names to the published docs (doc_host + doc_baseurl): point them at this site instead
            html = re.sub(f'href="{re.escape(docs_url)}/([^"]*)"', lambda m: f'data-symbol href="{prefix}{m[1]}"', html)
            # links between notebooks (`[Verdicts](../11_verdicts.ipynb)`) go to their pages, as Quarto rewrites them
            html = re.sub(r'href="([^":#?]+\.ipynb)(#[^"]*)?"', lambda m: f'href="{page_link(p, m[1], by_src)}{m[2] or ""}"', html)
            # ... whose anchors are Quarto's heading ids, lower case (nbconvert keeps the heading's case)
            html = re.sub(r'(<h[1-6] id="|<a class="anchor-link" href="#)([^"]+)"', lambda m: f'{m[1]}{m[2].lower()}"', html)
            html = heading_ids(html)   # ... or the id the heading names, `{#sec-split}`
            (out / p["href"]).parent.mkdir(parents=True, exist_ok=True)
            (out / p["href"]).write_text(html, encoding="utf-8")
            p["outputs"], p["figures"] = count_figures(nbformat.read(p["nb"], as_version=4))  # the committed ones
            print(f"  {p['href']:34} {p['title'][:40]:40} {p['outputs']:3} outputs {p['figures']:2} figures", flush=True)

    built = [p for p in pages if not (p["missing"] or p["error"])]
    fallbacks = symbol_anchors(out, built)
    keys = ("src", "href", "title", "section", "missing", "error", "outputs", "figures")
    (out / "_site.json").write_text(json.dumps([{k: p.get(k) for k in keys} for p in pages], indent=1))
    print(f"built {len(built)} of {len(pages)} pages into {out} in {time.time() - t0:.1f} s "
          f"(nbdev processing {t1 - t0:.1f} s)")
    if fallbacks:
        print(f"{len(fallbacks)} links to names without a show_doc heading, pointed at their class or page instead: "
              + ", ".join(sorted(set(fallbacks))))
    for what, sel in (("no outputs", lambda p: not p["outputs"]), ("no figures", lambda p: not p["figures"])):
        names = [p["src"] for p in built if sel(p)]
        if names: print(f"pages with {what}: {', '.join(names)}")
    errors = [p for p in pages if p["error"]] + (missing if strict else [])
    for p in errors: print(f"ERROR: nbs/{p['src']}: {p['error'] or p['missing']}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="_site_offline", help="output folder, replaced (default: _site_offline)")
    ap.add_argument("--strict", action="store_true", help="a sidebar page without its notebook is an error")
    ap.add_argument("--workers", type=int, default=2, help="processes for nbdev's processing (default: 2)")
    a = ap.parse_args()
    sys.exit(build(a.out, a.strict, a.workers))
