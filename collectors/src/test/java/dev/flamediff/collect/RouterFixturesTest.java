package dev.flamediff.collect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.collect.jfr.JfrParserChoice;
import dev.flamediff.fixtures.FixtureFiles;
import dev.flamediff.model.CallTree;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import java.util.HashSet;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The router recordings (fixtures/router, made by fixtures/program/record-router.sh) show the shape
 * the program was written to have: head's {@code HeaderParser.parseHeader} is a minority of base and a
 * sizeable share of head, reached through at least 50 distinct call paths, its new cost spent in
 * {@code java.util.regex} callees; {@code PayloadDigest.digest} is faster and {@code AuditLog.append}
 * new. Facts, not numbers, so re-recording keeps them true.
 */
class RouterFixturesTest {

    private static final String PKG = "fixture.router.";
    private static final String CULPRIT = PKG + "HeaderParser.parseHeader";

    /** Every recorder's file name pattern, with the parsers that read it. */
    static Stream<Arguments> recorders() {
        return Stream.of(
                Arguments.of("ap-%s.collapsed.gz", "jdk", 1000),
                Arguments.of("ap-%s.jfr.gz", "jdk", 1000),
                Arguments.of("ap-%s.jfr.gz", "async", 1000),
                Arguments.of("jdk17-%s.jfr.gz", "jdk", 300),
                Arguments.of("jdk17-%s.jfr.gz", "async", 300),
                Arguments.of("ap-%s.jfr.gz", "flamediff", 1000),
                Arguments.of("jdk17-%s.jfr.gz", "flamediff", 300));
    }

    private static Profile read(String pattern, String run, String parser) throws Exception {
        return Profiles.read(FixtureFiles.path("router/" + pattern.formatted(run)),
                ReadOptions.DEFAULT.withJfrParser(JfrParserChoice.byLabel(parser).orElseThrow()));
    }

    /** Samples whose stack holds a frame passing the test, counted once under recursion. */
    private static long inclusive(CallTree tree, Predicate<String> name) {
        long sum = 0;
        for (int node = 1; node < tree.size(); ) {
            if (name.test(tree.frame(node).name())) {
                sum += tree.total(0, node);
                node = tree.end(node);
            } else {
                node++;
            }
        }
        return sum;
    }

    private static double share(Profile p, String method) {
        return (double) inclusive(p.tree(), method::equals) / p.tree().grandTotal(0);
    }

    /** The distinct caller chains (by frame name) of the outermost nodes of {@code method}. */
    private static Set<String> callPaths(CallTree tree, String method) {
        Set<String> paths = new HashSet<>();
        for (int node = 1; node < tree.size(); ) {
            if (tree.frame(node).name().equals(method)) {
                StringJoiner path = new StringJoiner(";");
                for (Frame f : tree.path(tree.parent(node))) {
                    path.add(f.name());
                }
                paths.add(path.toString());
                node = tree.end(node);
            } else {
                node++;
            }
        }
        return paths;
    }

    /** The samples under direct callees of {@code method} whose name passes the test. */
    private static long underCallees(CallTree tree, String method, Predicate<String> callee) {
        long sum = 0;
        for (int node = 1; node < tree.size(); ) {
            if (tree.frame(node).name().equals(method)) {
                for (int child = tree.firstChild(node); child >= 0; child = tree.nextSibling(child)) {
                    if (callee.test(tree.frame(child).name())) {
                        sum += tree.total(0, child);
                    }
                }
                node = tree.end(node);
            } else {
                node++;
            }
        }
        return sum;
    }

    @ParameterizedTest(name = "{0} (JFR parser {1})")
    @MethodSource("recorders")
    void everyRunHasEnoughSamplesAndTheWorkAroundTheCulprit(String pattern, String parser, int minSamples)
            throws Exception {
        for (String run : new String[] {"base", "base2", "head", "head2"}) {
            Profile p = read(pattern, run, parser);
            assertThat(p.tree().grandTotal(0)).as(run).isGreaterThanOrEqualTo(minSamples);
            // The unchanged work dominates both variants: the router's filters and the response.
            assertThat(share(p, PKG + "Router.route")).as(run + " Router.route").isGreaterThan(0.2);
            assertThat(share(p, PKG + "ResponseRenderer.render")).as(run + " render").isPositive();
            assertThat(share(p, PKG + "PayloadDigest.digest")).as(run + " digest").isPositive();
            // Lambda addresses normalized away, so runs share frame names.
            assertThat(p.tree().frames().frames()).noneMatch(f -> f.name().contains("0x0000")
                    || f.name().startsWith("fixture/") || f.name().startsWith("java/"));
        }
    }

    @ParameterizedTest(name = "{0} (JFR parser {1})")
    @MethodSource("recorders")
    void theCulpritIsAMinorityInBaseAndSizeableInHead(String pattern, String parser, int minSamples)
            throws Exception {
        for (String run : new String[] {"base", "base2"}) {
            Profile base = read(pattern, run, parser);
            assertThat(share(base, CULPRIT)).as(run).isPositive().isLessThan(0.03);
            assertThat(inclusive(base.tree(), n -> n.startsWith("java.util.regex."))).as(run).isZero();
        }
        for (String run : new String[] {"head", "head2"}) {
            Profile head = read(pattern, run, parser);
            assertThat(share(head, CULPRIT)).as(run).isGreaterThan(0.08).isLessThan(0.4);
        }
    }

    @ParameterizedTest(name = "{0} (JFR parser {1})")
    @MethodSource("recorders")
    void theCulpritIsReachedThroughManyPathsAndSpendsHeadInRegexCallees(String pattern, String parser,
            int minSamples) throws Exception {
        for (String run : new String[] {"head", "head2"}) {
            CallTree head = read(pattern, run, parser).tree();
            Set<String> paths = callPaths(head, CULPRIT);
            assertThat(paths).as(run + " call paths").hasSizeGreaterThanOrEqualTo(50);
            // Each path is a distinct chain of filter classes, one from each level.
            assertThat(paths).allMatch(p -> p.contains("Filter.handle") && p.contains("Session.handle")
                    && p.contains("Handler.handle"));
            long total = inclusive(head, CULPRIT::equals);
            long regex = underCallees(head, CULPRIT, n -> n.startsWith("java.util.regex."));
            assertThat(regex).as(run + " regex callees").isGreaterThan(total / 2);
            long self = 0;
            for (int node = 1; node < head.size(); node++) {
                if (head.frame(node).name().equals(CULPRIT)) {
                    self += head.self(0, node);
                }
            }
            assertThat(self).as(run + " self").isLessThan(total / 5);
        }
    }

    @ParameterizedTest(name = "{0} (JFR parser {1})")
    @MethodSource("recorders")
    void digestIsFasterAndAuditIsNewInHead(String pattern, String parser, int minSamples) throws Exception {
        for (String[] pair : new String[][] {{"base", "head"}, {"base2", "head2"}}) {
            Profile base = read(pattern, pair[0], parser);
            Profile head = read(pattern, pair[1], parser);
            assertThat(share(head, PKG + "PayloadDigest.digest")).as(pair[1])
                    .isLessThan(share(base, PKG + "PayloadDigest.digest") / 2);
            assertThat(share(base, PKG + "AuditLog.append")).as(pair[0]).isZero();
            assertThat(share(head, PKG + "AuditLog.append")).as(pair[1]).isGreaterThan(0.005);
        }
    }

    /**
     * The C twin (fixtures/callgrind/prog-paths.c): the same shape in instruction counts, read from
     * the plain call graph (the reader rebuilds the paths) and with --separate-callers.
     */
    @ParameterizedTest(name = "callgrind.out.paths-*{0}")
    @ValueSource(strings = {"", "-sep"})
    void theCallgrindTwinHasTheSameShape(String variant) throws Exception {
        Profile base = Profiles.read(FixtureFiles.path("callgrind/callgrind.out.paths-base" + variant), ReadOptions.DEFAULT);
        Profile head = Profiles.read(FixtureFiles.path("callgrind/callgrind.out.paths-head" + variant), ReadOptions.DEFAULT);
        String culprit = "parse_header";
        assertThat(share(base, culprit)).isPositive().isLessThan(0.03);
        assertThat(share(head, culprit)).isGreaterThan(0.08).isLessThan(0.4);
        for (Profile p : new Profile[] {base, head}) {
            Set<String> paths = callPaths(p.tree(), culprit);
            assertThat(paths).hasSizeGreaterThanOrEqualTo(50)
                    .allMatch(path -> path.contains(";edge_") && path.contains(";session_") && path.contains(";handler_"));
        }
        Predicate<String> pattern = n -> n.startsWith("pattern_");
        assertThat(inclusive(base.tree(), pattern)).isZero();
        assertThat(underCallees(head.tree(), culprit, pattern)).isGreaterThan(inclusive(head.tree(), culprit::equals) / 2);
        assertThat(share(head, "payload_digest")).isPositive().isLessThan(share(base, "payload_digest") / 2);
        assertThat(share(base, "audit_append")).isZero();
        assertThat(share(head, "audit_append")).isGreaterThan(0.005);
    }
}
