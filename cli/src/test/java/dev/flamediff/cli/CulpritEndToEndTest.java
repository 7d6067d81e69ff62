package dev.flamediff.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.flamediff.fixtures.FixtureFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Where the time went, through the command, on the router recordings: one method slower through
 * the regex code it newly calls, reached through 64 call paths; a faster method; a new one. For
 * each recorder and both recorded pairs, the JSON names the method as the first culprit, the
 * gate fails naming it, and two recordings of the same program fail no gate.
 */
class CulpritEndToEndTest {

    private static final String CULPRIT = "HeaderParser.parseHeader";

    @TempDir
    Path dir;

    private static String fixture(String name) {
        return FixtureFiles.path("router/" + name).toString();
    }

    @ParameterizedTest
    @CsvSource({
        "ap-base.collapsed.gz, ap-head.collapsed.gz",
        "ap-base2.collapsed.gz, ap-head2.collapsed.gz",
        "ap-base.jfr.gz, ap-head.jfr.gz",
        "ap-base2.jfr.gz, ap-head2.jfr.gz",
        "jdk17-base.jfr.gz, jdk17-head.jfr.gz",
        "jdk17-base2.jfr.gz, jdk17-head2.jfr.gz",
    })
    void theSlowerMethodIsTheFirstCulpritAndFailsTheGate(String base, String head) throws IOException {
        Path json = dir.resolve("diff.json");
        CliRun run = CliRun.run(fixture(base), fixture(head), "--fail-on-frame-regression", "2", "-o", json.toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.GATE_FAILED);
        assertThat(run.errLines()).filteredOn(l -> l.startsWith("flamediff: gate failed: ")).first().asString()
                .contains(CULPRIT).contains("now spent in").contains("(new)");
        JsonNode doc = new ObjectMapper().readTree(Files.readAllBytes(json));
        JsonNode top = doc.at("/summary/culpritRegressions/0");
        assertThat(top.get("name").asText()).endsWith(CULPRIT);
        assertThat(top.get("impact").asDouble()).isGreaterThan(0.02);
        assertThat(top.get("callees").get(0).get("new").asBoolean()).isTrue();
        assertThat(top.get("callees").get(0).get("name").asText()).contains("java").contains("regex");
        JsonNode function = doc.at("/functions/" + top.get("function").asInt());
        assertThat(function.get("paths").asInt()).isGreaterThanOrEqualTo(50);
        assertThat(function.get("inclusiveSignificant").asBoolean()).isTrue();
        // The thin nodes of the method that grew are drawn as part of the change, not as noise
        // (nearly all of its paths: a few hold a sample or two on both sides).
        assertThat(nodesOf(doc.get("tree"), top.get("function").asInt(), 0))
                .isGreaterThanOrEqualTo(40);
    }

    @ParameterizedTest
    @CsvSource({
        "ap-base.collapsed.gz, ap-head.collapsed.gz",
        "ap-base.jfr.gz, ap-head.jfr.gz",
        "jdk17-base.jfr.gz, jdk17-head.jfr.gz",
    })
    void theReportsFirstLineNamesTheSlowerMethodAndWhereItsCostWent(String base, String head) throws IOException {
        Path md = dir.resolve("report.md");
        CliRun run = CliRun.run(fixture(base), fixture(head), "-o", md.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        String first = Files.readString(md).lines().findFirst().orElseThrow();
        // Short names in code spans: the class and method, the package is in the details.
        assertThat(first).contains("**Slower: `" + CULPRIT + "` +")
                .containsPattern("of the profile\\*\\*, now spent in `(Pattern|Matcher)[^`]*` \\(new\\)");
    }

    /**
     * Both recordings of each side at once (two runs a side), made on a machine that other builds
     * kept busy, so a side's runs hold very different numbers of samples (the collapsed base runs
     * 5,010 and 2,893): the slower parser and the faster digest are both named, and the report
     * says each run was divided by its total. Before the runs' totals were divided out, the JDK
     * recorder's pair named nothing ("no function changed beyond the noise").
     */
    @ParameterizedTest
    @CsvSource({
        "ap-base.collapsed.gz, ap-base2.collapsed.gz, ap-head.collapsed.gz, ap-head2.collapsed.gz",
        "ap-base.jfr.gz, ap-base2.jfr.gz, ap-head.jfr.gz, ap-head2.jfr.gz",
        "jdk17-base.jfr.gz, jdk17-base2.jfr.gz, jdk17-head.jfr.gz, jdk17-head2.jfr.gz",
    })
    void twoRunsASideOfDifferentSizesNameTheSlowerAndTheFasterMethod(String base, String base2, String head,
                                                                     String head2) throws IOException {
        Path md = dir.resolve("runs.md");
        CliRun run = CliRun.run("--base", fixture(base), fixture(base2), "--head", fixture(head), fixture(head2),
                "-o", md.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        String report = Files.readString(md);
        assertThat(report.lines().findFirst().orElseThrow())
                .contains("**Slower: `" + CULPRIT + "` +").contains("faster: `PayloadDigest.digest` \u2212");
        assertThat(report).contains("each run's values divided by its total first");
        Path json = dir.resolve("runs.json");
        CliRun asJson = CliRun.run("--base", fixture(base), fixture(base2), "--head", fixture(head), fixture(head2),
                "-o", json.toString());
        assertThat(asJson.exitCode()).as(asJson.err()).isZero();
        assertThat(new ObjectMapper().readTree(Files.readAllBytes(json)).at("/significance/runsScaledToTotals").asBoolean())
                .isTrue();
    }

    /**
     * The ledger recordings: {@code normalizeKey} slower through the JDK code it newly calls,
     * reached from four handlers at routing depths 0 to 5, one of them a method reference under a
     * JDK stream, about ten frames deeper than the others. The helper is the one regression
     * culprit, with the whole of its inclusive change; the method reference's generated class,
     * which only carries a share of it, is no culprit, and the report's first line names the helper.
     */
    @ParameterizedTest
    @CsvSource({
        "ap-base.collapsed.gz, ap-head.collapsed.gz",
        "ap-base.jfr.gz, ap-head.jfr.gz",
        "jdk17-base.jfr.gz, jdk17-head.jfr.gz",
    })
    void aHelperReachedOnPathsOfVeryDifferentDepthsIsTheOneCulprit(String base, String head) throws IOException {
        String b = FixtureFiles.path("ledger/" + base).toString();
        String h = FixtureFiles.path("ledger/" + head).toString();
        Path json = dir.resolve("ledger.json");
        CliRun run = CliRun.run(b, h, "--fail-on-frame-regression", "2", "-o", json.toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.GATE_FAILED);
        assertThat(run.errLines()).filteredOn(l -> l.startsWith("flamediff: gate failed: ")).first().asString()
                .contains("LedgerApp.normalizeKey").contains("now spent in").contains("(new)");
        JsonNode doc = new ObjectMapper().readTree(Files.readAllBytes(json));
        JsonNode top = doc.at("/summary/culpritRegressions/0");
        assertThat(top.get("name").asText()).isEqualTo("fixture.ledger.LedgerApp.normalizeKey");
        // All of its change, not the three quarters left after a caller took the deep path's.
        assertThat(top.get("impact").asDouble()).isGreaterThan(0.1)
                .isGreaterThan(0.98 * top.get("inclusiveImpact").asDouble());
        // The program's culprits: the helper alone (async-profiler's files also show the JIT
        // compiler's threads working harder on head's new code, culprits of their own).
        for (String list : new String[] {"culpritRegressions", "culpritImprovements"}) {
            for (JsonNode c : doc.at("/summary/" + list)) {
                String name = c.get("name").asText();
                assertThat(name).doesNotContain("$$Lambda");
                if (name.startsWith("fixture.") && list.equals("culpritRegressions")) {
                    assertThat(name).isEqualTo("fixture.ledger.LedgerApp.normalizeKey");
                }
            }
        }
        Path md = dir.resolve("ledger.md");
        CliRun report = CliRun.run(b, h, "-o", md.toString());
        assertThat(report.exitCode()).as(report.err()).isZero();
        String first = Files.readString(md).lines().findFirst().orElseThrow();
        assertThat(first).contains("**Slower: `LedgerApp.normalizeKey` +").contains("now spent in `String.replaceAll` (new)");
        assertThat(Files.readString(md)).doesNotContain("$$Lambda.apply`, in its own code");
    }

    /**
     * The expression recordings: the parser's {@code skipSpaces}, called from three mutually
     * recursive parse methods at every depth, is slower through the JDK code it newly calls,
     * while the evaluator's variable lookup is faster; between them they move most of the
     * profile, so nearly every node changes its share and the one-run noise estimate sits at its
     * ceiling. The helper is still the regression culprit, named first, with most of its
     * inclusive change: its new calls held no sample in base, a change no run-to-run variation
     * makes (the culprit test once summed them with its own unchanged time into a ninefold
     * ratio and let it go). None of the recursive parse methods above it is a culprit.
     */
    @ParameterizedTest
    @CsvSource({
        "ap-base.collapsed.gz, ap-head.collapsed.gz",
        "ap-base.jfr.gz, ap-head.jfr.gz",
        "jdk17-base.jfr.gz, jdk17-head.jfr.gz",
    })
    void aHelperUnderMutualRecursionThatNowCallsLibraryCodeIsTheCulprit(String base, String head) throws IOException {
        String b = FixtureFiles.path("expr/" + base).toString();
        String h = FixtureFiles.path("expr/" + head).toString();
        Path json = dir.resolve("expr.json");
        CliRun run = CliRun.run(b, h, "--fail-on-frame-regression", "2", "-o", json.toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.GATE_FAILED);
        assertThat(run.errLines()).filteredOn(l -> l.startsWith("flamediff: gate failed: ")).first().asString()
                .contains("ExprApp$Parser.skipSpaces").contains("now spent in").contains("(new)");
        JsonNode doc = new ObjectMapper().readTree(Files.readAllBytes(json));
        JsonNode top = doc.at("/summary/culpritRegressions/0");
        assertThat(top.get("name").asText()).isEqualTo("fixture.expr.ExprApp$Parser.skipSpaces");
        assertThat(top.get("impact").asDouble()).isGreaterThan(0.3)
                .isGreaterThan(0.8 * top.get("inclusiveImpact").asDouble());
        for (JsonNode c : doc.at("/summary/culpritRegressions")) {
            assertThat(c.get("name").asText()).doesNotContain("Parser.parse");
        }
        assertThat(doc.at("/summary/culpritImprovements/0/name").asText()).isEqualTo("fixture.expr.ExprApp$Env.lookup");
        Path md = dir.resolve("expr.md");
        CliRun report = CliRun.run(b, h, "-o", md.toString());
        assertThat(report.exitCode()).as(report.err()).isZero();
        String first = Files.readString(md).lines().findFirst().orElseThrow();
        assertThat(first).startsWith("**flamediff** · **Slower: `ExprApp$Parser.skipSpaces` +")
                .contains("now spent in `String.").contains("faster: `ExprApp$Env.lookup` \u2212");
    }

    /**
     * Two recordings of the shop corpus: {@code InvoiceHandler.renderLine} newly takes a 64 KiB
     * scratch buffer on every call, its new time nearly all in the JVM's allocation path
     * ({@code new_type_array Runtime1 stub}, {@code Runtime1::new_type_array} and the memory they
     * clear). That path is the program's allocation, not the machine's work, so the method is
     * judged with the program's run-to-run variation and named from one run a side (judged as
     * system work, with a variation of at least 1, a 26-fold change went unnamed); and two
     * recordings of base stay quiet.
     */
    @ParameterizedTest
    @CsvSource({"ap.collapsed.gz", "ap.jfr.gz"})
    void aMethodThatNowAllocatesMuchMoreIsNamedFromOneRunASide(String recorder) throws IOException {
        String base = FixtureFiles.path("shop/base-01-quiet." + recorder).toString();
        String head = FixtureFiles.path("shop/alloc-01-quiet." + recorder).toString();
        String base2 = FixtureFiles.path("shop/base-03-quiet." + recorder).toString();
        Path json = dir.resolve("alloc.json");
        CliRun run = CliRun.run(base, head, "--fail-on-frame-regression", "2", "-o", json.toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.GATE_FAILED);
        assertThat(run.errLines()).filteredOn(l -> l.startsWith("flamediff: gate failed: ")).first().asString()
                .startsWith("flamediff: gate failed: fixture.shop.InvoiceHandler.renderLine grew by +");
        JsonNode top = new ObjectMapper().readTree(Files.readAllBytes(json)).at("/summary/culpritRegressions/0");
        assertThat(top.get("name").asText()).isEqualTo("fixture.shop.InvoiceHandler.renderLine");
        assertThat(top.get("impact").asDouble()).isGreaterThan(0.05);

        CliRun same = CliRun.run(base, base2, "--fail-on-frame-regression", "2", "-o", json.toString());
        assertThat(same.exitCode()).as(same.err()).isZero();
        assertThat(new ObjectMapper().readTree(Files.readAllBytes(json)).at("/summary/culpritRegressions")).isEmpty();
    }

    /**
     * The call-path recordings: the shared {@code Stats.sortedMedian}, unchanged, is handed four
     * times the data by one of its four callers, {@code Reports.weekly}. The report's first line
     * names that caller, whether the rule makes it the culprit ("now spent in
     * {@code Stats.sortedMedian}") or the helper ("on its calls from {@code Reports.weekly}").
     */
    @ParameterizedTest
    @CsvSource({
        "ap-base.collapsed.gz, ap-head.collapsed.gz",
        "ap-base.jfr.gz, ap-head.jfr.gz",
        "jdk17-base.jfr.gz, jdk17-head.jfr.gz",
    })
    void aHelperSlowerOnOneCallersPathNamesThatCaller(String base, String head) throws IOException {
        String b = FixtureFiles.path("callpath/" + base).toString();
        String h = FixtureFiles.path("callpath/" + head).toString();
        Path md = dir.resolve("callpath.md");
        CliRun run = CliRun.run(b, h, "--fail-on-frame-regression", "2", "-o", md.toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.GATE_FAILED);
        String first = Files.readString(md).lines().findFirst().orElseThrow();
        assertThat(first).containsAnyOf("**Slower: `ReportsApp$Reports.weekly` +",
                "on its calls from `ReportsApp$Reports.weekly` (1 of 4 callers)");
        assertThat(first).contains("ReportsApp$Stats.sortedMedian");

        // The JSON says what the headline says: the culprit, and the caller when it names one.
        Path json = dir.resolve("callpath.json");
        CliRun asJson = CliRun.run(b, h, "-o", json.toString());
        assertThat(asJson.exitCode()).as(asJson.err()).isZero();
        JsonNode top = new ObjectMapper().readTree(Files.readAllBytes(json)).at("/summary/culpritRegressions/0");
        if (first.contains("on its calls from")) {
            assertThat(top.get("name").asText()).endsWith("ReportsApp$Stats.sortedMedian");
            assertThat(top.at("/caller/name").asText()).endsWith("ReportsApp$Reports.weekly");
            assertThat(top.at("/caller/callers").asInt()).isEqualTo(4);
        } else {
            assertThat(top.get("name").asText()).endsWith("ReportsApp$Reports.weekly");
            assertThat(top.has("caller")).isTrue();
        }
    }

    /**
     * The dispatch recordings: a formatter reached through 64 thin paths (32 handlers of two
     * steps, no work of their own), so cheap in base that most of its paths, handlers and steps
     * hold no sample, is slower in head through the JDK code it newly calls. The formatter is the
     * culprit with its whole change and fails the gate; the dispatcher above the handlers, whose
     * own code did not change, is no culprit. Before, the JDK recorder's pair (a sample every 20
     * ms) named the dispatcher, and async-profiler's gave the formatter less than half of its change.
     */
    @ParameterizedTest
    @CsvSource({
        "ap-base.collapsed.gz, ap-head.collapsed.gz",
        "ap-base.jfr.gz, ap-head.jfr.gz",
        "jdk17-base.jfr.gz, jdk17-head.jfr.gz",
    })
    void aFormatterSlowUnderManyUnsampledCallersIsTheCulpritNotTheDispatcher(String base, String head) throws IOException {
        String b = FixtureFiles.path("dispatch/" + base).toString();
        String h = FixtureFiles.path("dispatch/" + head).toString();
        Path json = dir.resolve("dispatch.json");
        CliRun run = CliRun.run(b, h, "--fail-on-frame-regression", "2", "-o", json.toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.GATE_FAILED);
        assertThat(run.errLines()).filteredOn(l -> l.startsWith("flamediff: gate failed: ")).first().asString()
                .contains("Keys.format").doesNotContain("Dispatcher");
        JsonNode doc = new ObjectMapper().readTree(Files.readAllBytes(json));
        JsonNode regressions = doc.at("/summary/culpritRegressions");
        JsonNode top = regressions.get(0);
        assertThat(top.get("name").asText()).endsWith("DispatchApp$Keys.format");
        assertThat(top.get("callees").get(0).get("name").asText()).startsWith("java.");
        // The whole of the formatter's inclusive change is its own: none of it is left to a caller.
        JsonNode function = doc.at("/functions/" + top.get("function").asInt());
        assertThat(top.get("delta").asDouble()).isGreaterThan(0.9 * function.get("inclusiveDelta").asDouble());
        for (JsonNode c : regressions) {
            assertThat(c.get("name").asText()).doesNotContain("Dispatcher").doesNotContain("Handlers");
        }

        Path md = dir.resolve("dispatch.md");
        CliRun report = CliRun.run(b, h, "-o", md.toString());
        assertThat(report.exitCode()).as(report.err()).isZero();
        assertThat(Files.readString(md).lines().findFirst().orElseThrow())
                // "(new)" where base holds no sample of it (the JDK recorder's base run).
                .containsPattern("\\*\\*Slower: `DispatchApp\\$Keys\\.format`( \\(new\\))? \\+").contains("now spent in `");
    }

    /**
     * The same shape recorded by perf and folded by FlameGraph's stackcollapse-perf.pl
     * (fixtures/perf): a C renderer under forty handlers that a tail call puts right under
     * {@code main}, newly sorting and formatting through the C library, while {@code main}'s
     * checksum got eight times cheaper. In each spelling the collapser writes (the process name,
     * its id with {@code --pid --all}, process and thread ids with {@code --tid}) the renderer is the
     * slower culprit and fails the gate, the checksum the faster one. Before, the spellings with
     * ids read as one process gone and another new, and the plain one named {@code main} "in its
     * own code" with the renderer's whole change.
     */
    @ParameterizedTest
    @CsvSource({"base.folded, head.folded", "base-pid.folded, head-pid.folded", "base-tid.folded, head-tid.folded"})
    void perfsRendererUnderATailCalledDispatcherIsTheCulpritInEveryCollapsedSpelling(String base, String head)
            throws IOException {
        String b = FixtureFiles.path("perf/" + base).toString();
        String h = FixtureFiles.path("perf/" + head).toString();
        Path json = dir.resolve("perf.json");
        CliRun run = CliRun.run(b, h, "--fail-on-frame-regression", "2", "-o", json.toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.GATE_FAILED);
        assertThat(run.errLines()).filteredOn(l -> l.startsWith("flamediff: gate failed: ")).first().asString()
                .startsWith("flamediff: gate failed: render_row grew by +");
        JsonNode doc = new ObjectMapper().readTree(Files.readAllBytes(json));
        JsonNode regressions = doc.at("/summary/culpritRegressions");
        assertThat(regressions.get(0).get("name").asText()).isEqualTo("render_row");
        // Its whole change: 10 samples in base, 519 of head's 804.
        assertThat(regressions.get(0).get("impact").asDouble()).isGreaterThan(0.55);
        for (JsonNode c : regressions) {
            assertThat(c.get("name").asText()).isNotIn("main", "msort_with_tmp", "__GI___qsort_r").doesNotStartWith("handler");
        }
        assertThat(doc.at("/summary/culpritImprovements").get(0).get("name").asText()).isEqualTo("checksum");

        Path md = dir.resolve("perf.md");
        CliRun report = CliRun.run(b, h, "-o", md.toString());
        assertThat(report.exitCode()).as(report.err()).isZero();
        assertThat(Files.readString(md).lines().findFirst().orElseThrow())
                .startsWith("**flamediff** \u00b7 **Slower: `render_row` +").contains("faster: `checksum` \u2212")
                .doesNotContain("(gone)").doesNotContain("prog-");
    }

    /**
     * The dispatch program's Node twin recorded by perf and folded by stackcollapse-perf.pl
     * (fixtures/node): a formatter under 32 handlers of two steps each newly replaces, splits and
     * joins strings. The formatter is the culprit, with V8's builtins as where its change went;
     * neither a builtin's entry stub nor V8's C++ runtime is named, and the one function run in
     * three V8 tiers is one frame. Before, the report named
     * {@code Builtins_CEntry_Return1_ArgvOnStack_NoBuiltinExit} with +21% of the profile.
     */
    @org.junit.jupiter.api.Test
    void aJavaScriptFormattersNewBuiltinCallsAreItsChange() throws IOException {
        String b = FixtureFiles.path("node/base.folded.gz").toString();
        String h = FixtureFiles.path("node/head.folded.gz").toString();
        Path json = dir.resolve("node.json");
        CliRun run = CliRun.run(b, h, "--fail-on-frame-regression", "2", "-o", json.toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.GATE_FAILED);
        assertThat(run.errLines()).filteredOn(l -> l.startsWith("flamediff: gate failed: ")).first().asString()
                .startsWith("flamediff: gate failed: JS:formatKey ");
        JsonNode doc = new ObjectMapper().readTree(Files.readAllBytes(json));
        JsonNode regressions = doc.at("/summary/culpritRegressions");
        assertThat(regressions.get(0).get("name").asText()).startsWith("JS:formatKey ").endsWith("/app.js:4:19");
        assertThat(regressions.get(0).get("callees").get(0).get("name").asText()).startsWith("Builtins_");
        for (JsonNode c : regressions) {
            assertThat(c.get("name").asText()).startsWith("JS:");
        }
        assertThat(Files.readString(json)).doesNotContain("JS:*formatKey").doesNotContain("JS:^formatKey");
    }

    /**
     * The same shape in a C program under callgrind (exact instruction counts): parse_header
     * calls a pattern compiler and splitter it never called in base, on 64 call paths; with the
     * call graph alone (the reader apportions costs to callers) and with exact stacks.
     */
    @ParameterizedTest
    @CsvSource({"callgrind.out.paths-base, callgrind.out.paths-head",
        "callgrind.out.paths-base-sep, callgrind.out.paths-head-sep"})
    void callgrindNamesTheSlowerFunctionAndTheNewOne(String base, String head) throws IOException {
        Path json = dir.resolve("diff.json");
        Path md = dir.resolve("report.md");
        String b = FixtureFiles.path("callgrind/" + base).toString();
        String h = FixtureFiles.path("callgrind/" + head).toString();
        CliRun run = CliRun.run(b, h, "--fail-on-frame-regression", "2", "-o", json.toString());

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.GATE_FAILED);
        assertThat(run.errLines()).filteredOn(l -> l.startsWith("flamediff: gate failed: ")).first().asString()
                .startsWith("flamediff: gate failed: parse_header grew by +")
                .contains("now spent in pattern_compile (new) and pattern_split (new)");
        JsonNode doc = new ObjectMapper().readTree(Files.readAllBytes(json));
        JsonNode top = doc.at("/summary/culpritRegressions/0");
        assertThat(top.get("name").asText()).isEqualTo("parse_header");
        JsonNode function = doc.at("/functions/" + top.get("function").asInt());
        assertThat(function.get("paths").asInt()).isGreaterThanOrEqualTo(50);
        assertThat(doc.at("/summary/added/0/name").asText()).isEqualTo("audit_append");
        assertThat(doc.at("/summary/culpritImprovements/0/name").asText()).isEqualTo("payload_digest");
        assertThat(nodesOf(doc.get("tree"), top.get("function").asInt(), 0)).isGreaterThanOrEqualTo(50);
        CliRun report = CliRun.run(b, h, "-o", md.toString());
        assertThat(report.exitCode()).as(report.err()).isZero();
        String first = Files.readString(md).lines().findFirst().orElseThrow();
        assertThat(first).contains("parse").contains("header").contains("now spent in").contains("(new)");
    }

    /**
     * {@code --reverse} redraws the tree bottom-up but judges the program as recorded: the same
     * summary, function list, culprits and gate, while the tree's first level holds the leaf
     * functions (in a bottom-up tree a stack's "self" frame is its thread's root, which would
     * otherwise lead the self ranking).
     */
    @ParameterizedTest
    @CsvSource({
        "router/ap-base.collapsed.gz, router/ap-head.collapsed.gz, " + CULPRIT,
        "router/ap-base.jfr.gz, router/ap-head.jfr.gz, " + CULPRIT,
        "router/jdk17-base.jfr.gz, router/jdk17-head.jfr.gz, " + CULPRIT,
        "callgrind/callgrind.out.paths-base-sep, callgrind/callgrind.out.paths-head-sep, parse_header",
    })
    void reversedStacksAreDrawnBottomUpAndJudgedAsRecorded(String base, String head, String culprit) throws IOException {
        String b = FixtureFiles.path(base).toString();
        String h = FixtureFiles.path(head).toString();
        Path plain = dir.resolve("plain.json");
        Path reversed = dir.resolve("reversed.json");
        CliRun asRecorded = CliRun.run(b, h, "--fail-on-frame-regression", "2", "-o", plain.toString());
        CliRun bottomUp = CliRun.run(b, h, "--fail-on-frame-regression", "2", "--reverse", "-o", reversed.toString());

        assertThat(bottomUp.exitCode()).as(bottomUp.err()).isEqualTo(ExitCodes.GATE_FAILED);
        assertThat(bottomUp.errLines()).filteredOn(l -> l.startsWith("flamediff: gate failed: ")).first().asString()
                .contains(culprit);
        JsonNode up = new ObjectMapper().readTree(Files.readAllBytes(reversed));
        JsonNode down = new ObjectMapper().readTree(Files.readAllBytes(plain));
        assertThat(up.get("summary")).isEqualTo(down.get("summary"));
        assertThat(up.get("functions")).isEqualTo(down.get("functions"));
        assertThat(up.at("/summary/culpritRegressions/0/name").asText()).endsWith(culprit);
        assertThat(up.at("/summary/selfRegressions/0/name").asText()).isNotBlank();
        // The first level of the bottom-up tree holds the functions that ran at the top of a stack:
        // the hottest of them is not a root of the recorded tree.
        assertThat(names(up.get("tree"))).isNotEqualTo(names(down.get("tree")));
        int function = up.at("/summary/culpritRegressions/0/function").asInt();
        assertThat(nodesOf(up.get("tree"), function, 0)).isGreaterThan(0);
        Path md = dir.resolve("reversed.md");
        CliRun report = CliRun.run(b, h, "--reverse", "-o", md.toString());
        assertThat(report.exitCode()).as(report.err()).isZero();
        String headline = Files.readString(md).lines().findFirst().orElseThrow();
        assertThat(headline).contains("now spent in");
        // The headline's callers are those of the stacks as recorded: a bottom-up tree's parents
        // are callees, and once named the culprit's own new callee as the caller it came from.
        Path plainMd = dir.resolve("plain.md");
        CliRun plainReport = CliRun.run(b, h, "-o", plainMd.toString());
        assertThat(plainReport.exitCode()).as(plainReport.err()).isZero();
        assertThat(headline).isEqualTo(Files.readString(plainMd).lines().findFirst().orElseThrow());
    }

    private static java.util.Set<String> names(JsonNode root) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        for (JsonNode c : root.get("children")) {
            out.add(c.get("name").asText());
        }
        return out;
    }

    /** Counts the nodes of a function that grew and are drawn as part of a significant change. */
    private static int nodesOf(JsonNode node, int function, int count) {
        if (node.get("function").isInt() && node.get("function").asInt() == function
                && node.get("totalDelta").asDouble() > 0 && node.get("partOfSignificantChange").asBoolean()) {
            count++;
        }
        JsonNode children = node.get("children");
        if (children != null) {
            for (JsonNode c : children) {
                count = nodesOf(c, function, count);
            }
        }
        return count;
    }

    @ParameterizedTest
    @CsvSource({
        "ap-base.collapsed.gz, ap-base2.collapsed.gz",
        "ap-head.collapsed.gz, ap-head2.collapsed.gz",
        "ap-base.jfr.gz, ap-base2.jfr.gz",
        "ap-head.jfr.gz, ap-head2.jfr.gz",
        "jdk17-base.jfr.gz, jdk17-base2.jfr.gz",
        "jdk17-head.jfr.gz, jdk17-head2.jfr.gz",
        "../callgrind/callgrind.out.base, ../callgrind/callgrind.out.base-again",
        "../ledger/ap-base.collapsed.gz, ../ledger/ap-base2.collapsed.gz",
        "../ledger/ap-base.jfr.gz, ../ledger/ap-base2.jfr.gz",
        "../ledger/jdk17-base.jfr.gz, ../ledger/jdk17-base2.jfr.gz",
        "../expr/ap-base.collapsed.gz, ../expr/ap-base2.collapsed.gz",
        "../expr/ap-base.jfr.gz, ../expr/ap-base2.jfr.gz",
        "../expr/jdk17-base.jfr.gz, ../expr/jdk17-base2.jfr.gz",
        "../callpath/ap-base.collapsed.gz, ../callpath/ap-base2.collapsed.gz",
        "../callpath/ap-base.jfr.gz, ../callpath/ap-base2.jfr.gz",
        "../callpath/jdk17-base.jfr.gz, ../callpath/jdk17-base2.jfr.gz",
        "../dispatch/ap-base.collapsed.gz, ../dispatch/ap-base2.collapsed.gz",
        "../dispatch/ap-base.jfr.gz, ../dispatch/ap-base2.jfr.gz",
        "../dispatch/jdk17-base.jfr.gz, ../dispatch/jdk17-base2.jfr.gz",
        "../perf/base.folded, ../perf/base2.folded",
        "../perf/base-pid.folded, ../perf/base2-pid.folded",
        "../perf/base-tid.folded, ../perf/base2-tid.folded",
        "../node/base.folded.gz, ../node/base2.folded.gz",
    })
    void twoRecordingsOfTheSameProgramFailNoGate(String a, String b) throws IOException {
        Path json = dir.resolve("same.json");
        CliRun run = CliRun.run(fixture(a), fixture(b), "--fail-on-frame-regression", "2", "-o", json.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode doc = new ObjectMapper().readTree(Files.readAllBytes(json));
        assertThat(doc.at("/summary/culpritRegressions")).as(run.err()).isEmpty();
    }
}
