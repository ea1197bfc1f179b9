"""Products by name: the closed classes of the database, editor, CI and diet slots' values.

Database systems, code editors and IDEs, CI servers and diet programmes
("LighterLife", "the Cambridge Weight Plan") are closed classes of product
names, so they are read by list, not by phrasing — as languages are
(:mod:`.languages`). A clause that names products of one class only, with a
word of use ("runs on", "codes in", "the builds"), or whose meaning is already
near that slot, is about that slot: :func:`product_slot` is precise enough for
:func:`.pick.pick` to decide it before the slots by meaning, so "Our ERP runs
on Oracle Rdb" is the database Oracle Rdb, not "ERP".

A name that is also an ordinary word or a person's name ("Jenkins", "Kate",
"Aurora", "Realm") says nothing alone: it needs a word of its class
("CI", "database", "IDE", "pipeline") and the slot among the clause's
candidates. A name right after "at", "for" or "joined" is an employer
("I work at MongoDB"), never a tool. Pure text functions.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection

from .lower import known_words

__all__ = ["product_slot", "products_in"]

# Written for this module from general knowledge of the products (DB-Engines' and the
# editors' and CI servers' own lists), not taken from any benchmark. One per line of
# each family, "|" between names.
_DATABASE = """
Oracle Database|Oracle Rdb|Oracle NoSQL|Oracle TimesTen|TimesTen|MySQL|MariaDB|Percona Server|
PostgreSQL|Postgres|SQLite|SQL Server|Microsoft SQL Server|MSSQL|MS SQL|MS Access|
Microsoft Access|DB2|Db2|IBM Db2|Informix|IBM Informix|Sybase|Sybase ASE|Sybase IQ|SAP ASE|
SAP IQ|SAP HANA|HANA|MaxDB|SAP MaxDB|Teradata|Netezza|Greenplum|Vertica|Snowflake|BigQuery|
Redshift|Amazon Redshift|Cosmos DB|Azure Cosmos DB|Azure SQL|DynamoDB|SimpleDB|MongoDB|
CouchDB|Apache CouchDB|Couchbase|Cloudant|PouchDB|Cassandra|Apache Cassandra|ScyllaDB|
HBase|Hypertable|Accumulo|Kudu|Bigtable|Cloud Bigtable|Spanner|Cloud Spanner|AlloyDB|
Amazon Aurora|Aurora|Neptune|Redis|Memcached|Riak|Riak TS|Voldemort|Project Voldemort|
Aerospike|Hazelcast|Apache Ignite|GemFire|Apache Geode|Infinispan|Tarantool|KeyDB|
Dragonfly|Valkey|etcd|Neo4j|ArangoDB|OrientDB|JanusGraph|Dgraph|TigerGraph|Memgraph|
NebulaGraph|HugeGraph|AllegroGraph|Stardog|GraphDB|Blazegraph|Virtuoso|InfiniteGraph|
Sparksee|Firebird|InterBase|Ingres|Actian Zen|Actian Vector|Progress OpenEdge|OpenEdge|
FileMaker|FileMaker Pro|dBase|FoxPro|Visual FoxPro|Paradox|Btrieve|Pervasive PSQL|
Caché|InterSystems Caché|InterSystems IRIS|GT.M|YottaDB|MUMPS|Adabas|IDMS|Datacom|
UniData|UniVerse|Rocket UniVerse|jBASE|OpenQM|SQLBase|Gupta SQLBase|ElevateDB|DBISAM|
NexusDB|Advantage Database Server|Mimer SQL|Empress|Raima|solidDB|eXtremeDB|
Berkeley DB|LMDB|LevelDB|RocksDB|Kyoto Cabinet|Tokyo Cabinet|H2|HSQLDB|HyperSQL|
Apache Derby|Java DB|Hive|Impala|Presto|Trino|Druid|Apache Druid|Apache Pinot|ClickHouse|
DuckDB|MonetDB|Exasol|kdb+|InfluxDB|TimescaleDB|OpenTSDB|QuestDB|TDengine|IoTDB|GridDB|
VictoriaMetrics|M3DB|RethinkDB|FoundationDB|TiDB|CockroachDB|YugabyteDB|NuoDB|VoltDB|
MemSQL|SingleStore|Firestore|Firebase Realtime Database|Supabase|PlanetScale|Fauna|
FaunaDB|SurrealDB|EventStoreDB|MarkLogic|BaseX|eXist-db|Elasticsearch|OpenSearch|Solr|
Apache Solr|Datomic|XTDB|Mnesia|CUBRID|Altibase|OceanBase|PolarDB|GaussDB|openGauss|
KingbaseES|GOLDILOCKS|Tibero|Yellowbrick|Firebolt|Dremio|Kinetica|HeavyDB|OmniSciDB|
SQream|Kognitio|ZODB|TinyDB|NeDB|RavenDB|LiteDB|db4o|Versant|ObjectStore|Objectivity/DB|
GemStone|ObjectBox|Realm|IndexedDB|Pinecone|Weaviate|Milvus|Qdrant|Chroma|pgvector|
EdgeDB|Xata|MotherDuck|Turso|libSQL|Cloud SQL|Amazon RDS|Azure Table Storage|Access|
Oracle|Ingres|4D|Omnis Studio|Valentina DB|Clipper|Pick
"""

_EDITOR = """
Vim|vim|Neovim|nvim|gVim|MacVim|vi|Emacs|GNU Emacs|XEmacs|Aquamacs|Spacemacs|Doom Emacs|
nano|pico|joe|Helix|Kakoune|micro|Sublime Text|Sublime|Atom|Brackets|Visual Studio Code|
VS Code|VSCode|VSCodium|Visual Studio|Notepad++|Notepad|Notepad2|Notepad3|NoteTab|
TextPad|UltraEdit|EditPlus|EmEditor|PSPad|Programmer's Notepad|AkelPad|Crimson Editor|
ConTEXT|Geany|Kate|KWrite|gedit|Pluma|Mousepad|Leafpad|Xed|Bluefish|Komodo Edit|
Komodo IDE|jEdit|TextMate|BBEdit|TextWrangler|Coda|Nova|CotEditor|Dreamweaver|
FrontPage|Expression Web|Amaya|KompoZer|Nvu|HomeSite|CoffeeCup|HTML-Kit|Aptana Studio|
Aptana|Eclipse|NetBeans|IntelliJ|IntelliJ IDEA|PyCharm|WebStorm|PhpStorm|RubyMine|CLion|
GoLand|Rider|DataGrip|AppCode|Android Studio|Xcode|Code::Blocks|Dev-C++|CodeLite|
Qt Creator|KDevelop|Anjuta|MonoDevelop|Xamarin Studio|SharpDevelop|Lazarus|C++Builder|
JBuilder|JDeveloper|BlueJ|DrJava|Greenfoot|Thonny|IDLE|Spyder|Wing IDE|Wing Pro|
Eric IDE|PyScripter|DrPython|RStudio|Jupyter|JupyterLab|Zed|Lapce|Fleet|Cursor|
Windsurf|Light Table|Atmel Studio|Microchip Studio|MPLAB|MPLAB X|Keil|Keil uVision|
µVision|IAR Embedded Workbench|Code Composer Studio|STM32CubeIDE|Arduino IDE|PlatformIO|
Turbo C|Turbo C++|Turbo Pascal|Borland C++|QBasic|Visual Basic 6|VB6|Xojo|REALbasic|
Gambas|SlickEdit|Source Insight|CodeWright|Multi-Edit|Epsilon|TeXstudio|Texmaker|TeXShop|
TeXworks|WinEdt|LyX|Kile|Overleaf|Typora|RJ TextEd|Pinegrow|Bootstrap Studio|Acme|
Lite XL|Positron|Cloud9|Theia|Replit|Glitch|CodePen|JSFiddle|Eclipse Che|Geany|Kate
"""

_CI = """
Jenkins|Jenkins X|Hudson|Travis CI|Travis|CircleCI|GitHub Actions|GitLab CI|GitLab CI/CD|
Bitbucket Pipelines|Bamboo|TeamCity|Azure Pipelines|Azure DevOps|VSTS|
Team Foundation Server|TFS|Team Foundation Build|AppVeyor|Buildkite|Drone|Drone CI|
Woodpecker|Woodpecker CI|Concourse|Concourse CI|GoCD|Spinnaker|Tekton|Argo Workflows|
Argo CD|Semaphore|Semaphore CI|Codeship|Shippable|Wercker|Buddy|Buddy.Works|Codefresh|
Harness|CloudBees|Bitrise|Codemagic|Appcircle|App Center|Cirrus CI|builds.sr.ht|Zuul|
Buildbot|CruiseControl|CruiseControl.NET|CruiseControl.rb|Continuum|Apache Continuum|
Tinderbox|CI Joe|QuickBuild|AnthillPro|Anthill|FinalBuilder|Visual Build|
ElectricCommander|Parabuild|Luntbuild|Rational Build Forge|Build Forge|UrbanCode|
Strider|Abstruse|Agola|Laminar|Screwdriver|Prow|Gitea Actions|Forgejo Actions|Earthly|
Dagger|Solano CI|Snap CI|Magnum CI|Nevercode|Greenhouse CI|CodeBuild|AWS CodeBuild|
CodePipeline|Cloud Build|Google Cloud Build|Octopus Deploy|Heroku CI|Xcode Cloud|
Xcode Server|Bazel|Pulse
"""

# What a tool is *for* or runs *on*: a programming language, a markup, an operating
# system, a platform, a machine ("PyScripter for my Python scripts", "Hudson for the
# Windows builds", "Paradox on a PC"). A closed class: next to another name it is
# never the editor, CI or database itself.
PLATFORM = re.compile(
    r"(?:Python|Java|JavaScript|TypeScript|C|C\+\+|C#|Go|Golang|Rust|Ruby|PHP|Perl|Kotlin|"
    r"Swift|Scala|Haskell|Erlang|Elixir|Clojure|Lua|R|MATLAB|Fortran|COBOL|Pascal|"
    r"Objective-C|Dart|Julia|LaTeX|TeX|HTML|CSS|Bash|PowerShell|Android|iOS|iPhone|iPad|"
    r"Windows(?: \d+| XP| Vista| NT)?|Linux|Ubuntu|Debian|Fedora|macOS|Mac|OS X|Unix|DOS|"
    r"MS-DOS|PC|Dell|Lenovo|HP|ThinkPad|MacBook|Raspberry Pi|Rails|Django|Node|Node\.js|"
    r"\.NET|React|Angular|Flutter|Spring|Laravel)",
)


# Diet programmes and named diets: commercial plans, clinical protocols, books' diets.
_DIET = """
Weight Watchers|WW|Slimming World|Jenny Craig|Nutrisystem|Noom|Atkins|South Beach|Dukan|
Dukan Diet|Zone Diet|Whole30|Optifast|LighterLife|Cambridge Weight Plan|Cambridge Diet|
1:1 Diet|Rosemary Conley|Unislim|Herbalife|SlimFast|Slim-Fast|Lite n' Easy|Tony Ferguson|
Medifast|Optavia|Bright Line Eating|Banting|Body for Life|IIFYM|5:2|16:8|OMAD|DASH|
DASH diet|MIND diet|Ornish|Pritikin|Scarsdale|cabbage soup diet|GM diet|Master Cleanse|
HCG diet|Sirtfood|Sirtfood Diet|Fast 800|Blood Sugar Diet|Eat Right for Your Type|
Raw Till 4|80/10/10|Galveston Diet|Wahls Protocol|AIP|Autoimmune Protocol|GAPS|SCD|
low-FODMAP|low FODMAP|FODMAP|Candida diet|Ketovore|Lion Diet|pegan|Volumetrics|Montignac|
Sonoma Diet|Hay Diet|Mayo Clinic Diet|Beachbody|Isagenix|Juice Plus|Fit for Life|
Warrior Diet|Eat Stop Eat|Daniel Fast|Nutrisystem|Metabolic Balance|Dr. Bernstein|
Bernstein diet|Pioppi|Fast Metabolism Diet|Plexus|Modere|Shaklee|Thrive|Keto Reset|
Dubrovnik Diet|Kempner|Rice Diet|Rotation Diet|Beverly Hills Diet|Cookie Diet|
Special K Challenge|Exante|Shake That Weight|Total Wellbeing Diet|CSIRO diet|
Paleo|Primal|Keto|Carnivore|Mediterranean|Nordic diet|Okinawa diet|Macrobiotic
"""

_FAMILIES = {"database": _DATABASE, "editor": _EDITOR, "ci": _CI, "diet": _DIET}

# Words that say which class a tool is ("the database", "my IDE", "CI", "the builds").
_CLASS_WORD = {
    "database": r"data\s*base|db|dbms|rdbms|sql|nosql|backend|back-end|data\s+store|"
                r"datastore|stored?|stores|tables?|quer(?:y|ies)|schema|records?|data",
    "editor": r"editor|ide|ides|code|coding|codes|coded|scripts?|programs?|programming|"
              r"write|writes|writing|edit|edits|editing|type|typing|notes|html|plugins?",
    "ci": r"ci|ci/cd|cd|builds?|building|pipelines?|deploys?|deployments?|releases?|"
          r"jobs?|runners?|agents?|tests?\s+run|nightl(?:y|ies)|integration",
    "diet": r"diet|dieting|plan|programme|program|protocol|shakes?|meals?|macros|calories|"
            r"kcal|weigh-?ins?|slimming|weight|eat|eating|food|bars|points|syns|fasting|"
            r"meetings?|class(?:es)?|stone|kilos?|kg|lbs|pounds",
}
_CLASS_RX = {k: re.compile(rf"\b(?:{v})\b", re.I) for k, v in _CLASS_WORD.items()}
# Words of use that go with any tool ("runs on", "switched to", "uses").
_USE = re.compile(
    r"\b(?:use|uses|used|using|run|runs|running|ran|on|in|via|with|switch(?:ed|ing)?|"
    r"mov(?:e|ed|ing)|migrat(?:e|ed|ing)|port(?:ed|ing)?|swap(?:ped)?|replac(?:e|ed|ing)|"
    r"sits?|lives?|kept|keep|stuck|tried|trying|went|go(?:ing)?|back|now|still|"
    r"installed|set\s+up|rely|relies|built|based|doing|follow(?:s|ed|ing)?|start(?:ed|ing)?|"
    r"trying|stick(?:ing)?\s+to|quit|stopped|gave\s+up|joined)\b", re.I)
# ... the stricter ones a name that is also a word needs ("moved the builds to Drone").
_STRICT_USE = re.compile(
    r"\b(?:use|uses|used|using|runs?\s+on|running\s+on|ran\s+on|switch(?:ed|ing)?|"
    r"mov(?:e|ed|ing)|migrat(?:e|ed|ing)|port(?:ed|ing)?|swap(?:ped)?|replac(?:e|ed|ing)|"
    r"(?:is|are|'s)\s+(?:on|in)|in|on|installed|set\s+up|built\s+(?:with|on))\b", re.I)
# A capitalised word after a name that is also a first name is a surname ("Kate Lowe").
_SURNAME = re.compile(r"\s+[A-Z][a-z]")
# Products weighed, not used: "comparing Zed and Helix", "X vs Y", "looking at Z".
_WEIGHED = re.compile(r"\b(?:compar\w*|consider\w*|evaluat\w*|look(?:s|ing)?\s+at|vs\.?|"
                      r"versus|benchmark\w*|between|review\w*|pros and cons|demo\w*|trial\w*|"
                      r"pitch\w*|recommend\w*|suggest\w*)\b", re.I)
# A name right after these is an employer ("work at MongoDB", "joined Couchbase").
_EMPLOYER_BEFORE = re.compile(r"\b(?:at|for|joined|joining|join|with\s+the\s+team\s+at)\s+$", re.I)


@functools.lru_cache(maxsize=1)
def _names() -> dict[str, tuple[str, ...]]:
    """Family -> its names, longest first (so "Oracle Rdb" wins over "Oracle")."""
    out: dict[str, tuple[str, ...]] = {}
    for fam, text in _FAMILIES.items():
        names = {n.strip() for n in text.replace("\n", "|").split("|") if n.strip()}
        out[fam] = tuple(sorted(names, key=len, reverse=True))
    return out


def _plain(name: str) -> bool:
    """Whether *name* is also an ordinary word or a person's name ("Jenkins", "Realm").

    Only one-word names that are a whole word of MiniLM's vocabulary are (without
    the vocabulary, every one-word name); a phrase is a name as a whole.
    """
    if len(name.split()) > 1:
        return False  # a phrase of words is a name as a whole ("Cambridge Weight Plan")
    known = known_words(name)
    return known is None or (bool(known) and all(known))


@functools.lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    """Family -> one regex of its names, with an optional version after ("PostgreSQL 16")."""
    out = {}
    for fam, names in _names().items():
        alts = []
        for n in names:
            esc = re.escape(n)
            # A name that is an ordinary word is read only as written (capitalised); a
            # product's own name in any case ("notepad++", "postgres").
            alts.append(esc if _plain(n) or n[:1].islower() else f"(?i:{esc})")
        out[fam] = re.compile(
            rf"(?<![\w.+-])(?P<n>{'|'.join(alts)})(?P<ver>\s+(?:v?\d[\w.]*|XE|SE|EE|CE|LTS))?"
            r"(?![\w+]|-\w|\.\w)")
    return out


def products_in(clause: str) -> list[tuple[str, str, int]]:
    """(family, name as written with its version, start) for every product *clause* names."""
    got: list[tuple[str, str, int]] = []
    taken: list[tuple[int, int]] = []
    hits = [(m.start(), m.end(), fam, m) for fam, rx in _patterns().items()
            for m in rx.finditer(clause)]
    for s, e, fam, m in sorted(hits, key=lambda h: (h[0], -(h[1] - h[0]))):
        if any(s < te and ts < e for ts, te in taken):
            continue  # the longer name at the same place wins
        taken.append((s, e))
        got.append((fam, m.group(0).strip(), s))
    return got


def product_slot(clause: str, near: Collection[str]) -> tuple[str, list[str]] | None:
    """The tool slot *clause* is about by the products it names, and those names.

    *near* are the names of the slots the clause's meaning is near. None when it
    names no product, products of two classes, or only employers and plain words
    with no word of their class.
    """
    if _WEIGHED.search(clause):
        return None  # "comparing Zed and Helix": products weighed, none chosen
    found = []
    for fam, name, start in products_in(clause):
        if _EMPLOYER_BEFORE.search(clause[:start]):
            continue
        bare = re.sub(r"\s+(?:v?\d[\w.]*|XE|SE|EE|CE|LTS)$", "", name)
        rest = clause[:start] + " " + clause[start + len(name):]
        if _plain(bare) and not (_CLASS_RX[fam].search(rest) and fam in near
                                 and _STRICT_USE.search(rest)
                                 and not _SURNAME.match(clause[start + len(name):])):
            continue  # ("my editor Kate Lowe hated the draft" is a person)
        if not (_USE.search(rest) or _CLASS_RX[fam].search(rest) or fam in near):
            continue
        found.append((fam, name))
    fams = {f for f, _ in found}
    if len(fams) != 1:
        return None
    fam = fams.pop()
    # Every name of the family counts once the slot is decided ("from Bamboo to Buildkite").
    return fam, list(dict.fromkeys(n for f, n, _ in products_in(clause) if f == fam))


def is_product(slot: str, value: str) -> bool:
    """Whether *value* is, whole, a product of *slot*'s family (no kind can veto it)."""
    rx = _patterns().get(slot)
    return rx is not None and rx.fullmatch(value.strip()) is not None
