"""The one stylesheet of the inspector and the cycle reports (inline: pages have no assets)."""

__all__ = ["STYLESHEET"]

STYLESHEET = """
:root{--fg:#1d232a;--muted:#65717c;--line:#dde2e7;--bg:#f5f7f9;--accent:#2458c6}
*{box-sizing:border-box}
body{margin:0;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);
background:#fff}
header{background:#1f2933;color:#fff;padding:.55em 1.5em;display:flex;align-items:center;
gap:1.6em;flex-wrap:wrap}
header .brand{font-weight:650;color:#fff;text-decoration:none;letter-spacing:.01em}
header .brand span{color:#8fb4ff;font-weight:400}
header nav a{color:#c9d3de;text-decoration:none;margin-right:1.1em;padding:.2em 0}
header nav a:hover{color:#fff}
header nav a.on{color:#fff;border-bottom:2px solid #8fb4ff}
header .who{margin-left:auto;color:#c9d3de;font-size:.92em}
header .who a{color:#c9d3de}
main{max-width:80em;margin:1.4em auto 3em;padding:0 1.5em}
h1{font-size:1.45em;margin:.2em 0 .5em;word-break:break-word}
h2{font-size:1.08em;margin:1.7em 0 .5em;padding-bottom:.25em;border-bottom:1px solid var(--line)}
a{color:var(--accent)}
table{border-collapse:collapse;width:100%;margin:.3em 0 1em}
th,td{border-bottom:1px solid var(--line);padding:.38em .6em;text-align:left;vertical-align:top}
th{background:var(--bg);font-weight:600;white-space:nowrap;font-size:.93em}
th a{color:inherit;text-decoration:none}th a:hover{text-decoration:underline}
tbody tr:hover{background:#fafbfc}
td.n{text-align:right;font-variant-numeric:tabular-nums}
code,pre,.mono{font:12.5px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
td code{word-break:break-all}
time{white-space:nowrap}td code.id{word-break:normal;white-space:nowrap}
h1 code{font-size:19px;font-weight:600;word-break:break-all}
pre.content{background:var(--bg);border:1px solid var(--line);border-radius:6px;
padding:.8em 1em;white-space:pre-wrap;word-break:break-word;max-height:42em;overflow:auto;
margin:.4em 0}
.muted{color:var(--muted)}.small{font-size:.88em}
.sub{color:var(--muted);margin:-.3em 0 1em}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(14em,1fr));gap:.8em;margin:.6em 0}
.card{border:1px solid var(--line);border-radius:8px;padding:.75em 1em;text-decoration:none;
color:inherit;display:block}
a.card:hover{border-color:var(--accent)}
.card .big{font-size:1.7em;font-weight:650;line-height:1.2}
.card .label{color:var(--muted);font-size:.9em}
.badge{display:inline-block;padding:0 .55em;border-radius:1em;font-size:.82em;background:#e8edf3;
color:#4b5763;white-space:nowrap}
.badge.current{background:#dafbe1;color:#116329}
.badge.expired{background:#fff1d6;color:#7a4d00}
.badge.undone,.badge.delete{background:#ffebe9;color:#a40e26}
.diff{border:1px solid var(--line);border-radius:6px;overflow:auto;margin:.5em 0}
.diff div{white-space:pre-wrap;word-break:break-word;padding:0 .8em;min-height:1.5em}
.diff .add{background:#e6ffec;color:#0f5323}
.diff .del{background:#ffebe9;color:#86181d}
.diff .hunk{background:#ddf4ff;color:#0a3069}
.diff .meta{color:var(--muted);background:var(--bg)}
.plus{color:#1a7f37;font-weight:600}.minus{color:#cf222e;font-weight:600}
.tl{margin:.3em 0 1.2em}
.tl-row{display:grid;grid-template-columns:15em 1fr;align-items:center;gap:.8em;margin:.3em 0}
.tl-slot{font-size:.92em;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.tl-track{position:relative;height:1.7em;background:var(--bg);border:1px solid var(--line);
border-radius:4px;overflow:hidden}
.tl-bar{position:absolute;top:2px;bottom:2px;border-radius:3px;padding:0 .45em;font-size:.8em;
line-height:1.55em;color:#fff;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;
border-right:1px solid #fff}
.tl-bar.current{background:#2da44e}.tl-bar.superseded{background:#8c959f}
.tl-bar.expired{background:#c99a1d}
.tl-axis{display:flex;justify-content:space-between;color:var(--muted);font-size:.8em}
.legend span{margin-right:1em}
form.inline{display:flex;gap:.5em;align-items:center;flex-wrap:wrap;margin:.5em 0 1em}
input,select,button{font:inherit;padding:.3em .55em;border:1px solid #c4ccd4;border-radius:5px}
input[type=text],input[type=password]{min-width:22em}
button{background:var(--accent);color:#fff;border-color:var(--accent);cursor:pointer}
.note{background:#fff8c5;border:1px solid #eed888;border-radius:6px;padding:.5em .8em;margin:.6em 0}
.error{background:#ffebe9;border:1px solid #f5b5b0;border-radius:6px;padding:.6em .9em}
.login{max-width:34em;margin:5em auto;padding:0 1.5em}
.login form{display:flex;flex-direction:column;gap:.6em;margin-top:1em}
.login input{min-width:0;width:100%}
.crumbs{font-size:.92em;color:var(--muted);margin-bottom:.3em}
.bad{color:#a61b1b}.good{color:#17663a}
blockquote{margin:0;padding:.2em .6em;border-left:3px solid #c4ccd4;background:#f8f9fa;
white-space:pre-wrap;word-break:break-word}
"""
