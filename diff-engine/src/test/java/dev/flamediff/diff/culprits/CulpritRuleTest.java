package dev.flamediff.diff.culprits;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.CalleeChange;
import dev.flamediff.diff.Culprit;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffSummary;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.FunctionDiff;
import dev.flamediff.diff.GateThresholds;
import dev.flamediff.model.CallTreeBuilder;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileMetadata;
import dev.flamediff.model.ValueType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The culprit rule on trees where the answer is known by construction: what a reviewer should be
 * told for the common shapes of a real regression.
 */
class CulpritRuleTest {

    /** A profile built from folded stacks, each count drawn around its mean (Poisson, seeded). */
    private static final class Stacks {
        private final List<String> stacks = new ArrayList<>();
        private final List<Double> counts = new ArrayList<>();

        Stacks add(String stack, double count) {
            stacks.add(stack);
            counts.add(count);
            return this;
        }

        Profile profile(String name, Random random) throws Exception {
            CallTreeBuilder b = new CallTreeBuilder(List.of(ValueType.SAMPLES));
            for (int i = 0; i < stacks.size(); i++) {
                long n = poisson(random, counts.get(i));
                if (n > 0) {
                    b.addStack(Arrays.stream(stacks.get(i).split(";")).map(Frame::of).toList(), n);
                }
            }
            return new Profile(b.build(), ProfileMetadata.of(name, "collapsed", "cpu"));
        }

        private static long poisson(Random random, double mean) {
            if (mean > 50) {
                return Math.max(0, Math.round(mean + Math.sqrt(mean) * random.nextGaussian()));
            }
            double l = Math.exp(-mean);
            long k = 0;
            double p = 1;
            do {
                k++;
                p *= random.nextDouble();
            } while (p > l);
            return k - 1;
        }
    }

    /** Background work both sides share: forty leaves under a few callers. */
    private static Stacks background() {
        Stacks s = new Stacks();
        for (int i = 0; i < 40; i++) {
            s.add("main;Worker.loop;Other.step" + (i % 5) + ";Other.leaf" + i, 40 + 5 * (i % 7));
        }
        return s;
    }

    private static DiffTree diff(Consumer<Stacks> base, Consumer<Stacks> head, long seed) throws Exception {
        Stacks b = background();
        Stacks h = background();
        base.accept(b);
        head.accept(h);
        Random random = new Random(seed);
        return Diffs.diff(b.profile("base", random), h.profile("head", random),
                DiffOptions.DEFAULT.withGate(GateThresholds.NONE.withAnyFrame(0.02)));
    }

    /**
     * A diff whose own estimate of run-to-run variation is at its ceiling: head's background
     * leaves each doubled or halved, as a change that moves most of a fixed-length recording
     * moves every other method's share, and the estimate measures those changes as noise.
     */
    private static DiffTree diffAtTheNoiseCeiling(Consumer<Stacks> base, Consumer<Stacks> head, long seed)
            throws Exception {
        Stacks b = background();
        Stacks h = new Stacks();
        for (int i = 0; i < 40; i++) {
            h.add("main;Worker.loop;Other.step" + (i % 5) + ";Other.leaf" + i, (40 + 5 * (i % 7)) * (i % 2 == 0 ? 2.2 : 0.45));
        }
        base.accept(b);
        head.accept(h);
        Random random = new Random(seed);
        DiffTree diff = Diffs.diff(b.profile("base", random), h.profile("head", random),
                DiffOptions.DEFAULT.withGate(GateThresholds.NONE.withAnyFrame(0.02)));
        assertThat(diff.significance().runVariation()).isEqualTo(DiffOptions.MAX_ESTIMATED_RUN_VARIATION);
        return diff;
    }

    /** Twelve paths into a lexer's helper under a parser's mutual recursion, one to four levels deep. */
    private static void recursive(Stacks s, String tail, double perPath) {
        for (int depth = 1; depth <= 4; depth++) {
            String levels = "main;Worker.loop" + ";Parser.expr;Parser.term;Parser.factor".repeat(depth);
            s.add(levels.substring(0, levels.length() - ";Parser.term;Parser.factor".length()) + ";Lexer.skip" + tail,
                    perPath);
            s.add(levels.substring(0, levels.length() - ";Parser.factor".length()) + ";Lexer.skip" + tail, perPath);
            s.add(levels + ";Lexer.skip" + tail, perPath);
        }
    }

    private static List<String> names(List<Culprit> culprits) {
        return culprits.stream().map(c -> c.function().frame().name()).toList();
    }

    /** A router picks one of four filters at each of three levels: 64 distinct paths to the parser. */
    private static void routed(Stacks s, String tail, double perPath) {
        for (int a = 0; a < 4; a++) {
            for (int b = 0; b < 4; b++) {
                for (int c = 0; c < 4; c++) {
                    s.add("main;Worker.loop;Router.dispatch;FilterA" + a + ".apply;FilterB" + b + ".apply;FilterC" + c
                            + ".apply;Parser.parseHeader" + tail, perPath);
                }
            }
        }
    }

    /**
     * Four handlers call one helper, three directly a few frames down and one by method reference
     * from a JDK stream, ten frames deeper; the helper is slower in head through the JDK code it
     * newly calls, on every path. The helper's change is shallower on average than the method
     * reference's, which only carries its quarter of it: the helper is the one culprit, with all
     * of its change, and the method reference none.
     */
    @Test
    void aHelperReachedOnOnePathMuchDeeperThanTheOthersIsTheOneCulprit() throws Exception {
        String[] callers = {
            "main;Router.route;Posting.handle",
            "main;Router.route;Router.route;Audit.handle",
            "main;Router.route;Report.handle",
            "main;Router.route;Router.route;Reconcile.handle;java.util.stream.IntPipeline.sum;"
                    + "java.util.stream.IntPipeline.reduce;java.util.stream.AbstractPipeline.evaluate;"
                    + "java.util.stream.ReduceOps$ReduceOp.evaluateSequential;"
                    + "java.util.stream.AbstractPipeline.wrapAndCopyInto;java.util.stream.AbstractPipeline.copyInto;"
                    + "java.util.Spliterators$ArraySpliterator.forEachRemaining;"
                    + "java.util.stream.ReferencePipeline$4$1.accept;java.util.stream.ReferencePipeline$3$1.accept;"
                    + "Reconcile$$Lambda.apply",
        };
        DiffTree diff = diff(
                base -> {
                    for (String c : callers) {
                        base.add(c + ";Keys.normalize", 30).add(c + ";Keys.normalize;java.lang.StringBuilder.append", 20);
                    }
                },
                head -> {
                    for (String c : callers) {
                        head.add(c + ";Keys.normalize", 10)
                                .add(c + ";Keys.normalize;java.lang.String.replaceAll;java.util.regex.Matcher.replaceAll", 90)
                                .add(c + ";Keys.normalize;java.lang.String.format;java.util.Formatter.format", 40);
                    }
                }, 3);

        List<Culprit> culprits = diff.functions().culprits();
        assertThat(names(culprits)).containsExactly("Keys.normalize");
        Culprit top = culprits.get(0);
        FunctionDiff helper = top.function();
        assertThat(top.delta()).isEqualTo(helper.inclusiveDelta());
        assertThat(top.callees()).extracting(c -> c.frame().name())
                .startsWith("java.lang.String.replaceAll", "java.lang.String.format");
    }

    @Test
    void aMethodSlowerThroughNewCalleesUnderManyPathsIsTheCulprit() throws Exception {
        DiffTree diff = diff(
                base -> routed(base, "", 1.5),
                head -> {
                    routed(head, "", 1.5);
                    routed(head, ";Pattern.compile;Pattern.expr;Pattern.sequence", 12);
                    routed(head, ";Matcher.find;Matcher.search;Pattern$Start.match", 9);
                    routed(head, ";String.isLatin1", 3);
                }, 1);

        List<Culprit> culprits = diff.functions().culprits();
        assertThat(names(culprits)).first().isEqualTo("Parser.parseHeader");
        Culprit top = culprits.get(0);
        assertThat(top.regression()).isTrue();
        assertThat(top.function().paths()).isGreaterThanOrEqualTo(64);
        assertThat(top.callees()).extracting(c -> c.frame().name()).startsWith("Pattern.compile", "Matcher.find");
        assertThat(top.callees().get(0).isNew()).isTrue();
        // Neither its callers nor the library code under it are culprits of their own.
        assertThat(names(culprits)).doesNotContain("Router.dispatch", "Worker.loop", "Pattern.compile",
                "Pattern.sequence", "String.isLatin1", "Matcher.find");
        FunctionDiff parser = top.function();
        assertThat(parser.inclusiveSignificant()).isTrue();
        // Every one of its 64 thin nodes is drawn as part of the change.
        int index = diff.functions().indexOf(nodeOf(diff, "Parser.parseHeader"));
        for (int n : diff.functions().nodesOf(index)) {
            assertThat(diff.functions().partOfSignificantChange(n)).as("node %d", n).isTrue();
        }
        DiffSummary summary = DiffSummary.of(diff);
        assertThat(summary.gate().reasons()).first().asString()
                .startsWith("Parser.parseHeader grew by +")
                .contains("now spent in Pattern.compile (new) and Matcher.find (new)");
    }

    @Test
    void twoIndependentCulpritsUnderOneCallerAreBothNamedAndTheCallerIsNot() throws Exception {
        DiffTree diff = diff(
                base -> base.add("main;Worker.loop;Alpha.run", 300).add("main;Worker.loop;Beta.run", 300),
                head -> head.add("main;Worker.loop;Alpha.run", 900).add("main;Worker.loop;Beta.run", 800), 2);

        assertThat(names(diff.functions().culprits())).containsExactly("Alpha.run", "Beta.run");
    }

    @Test
    void aCallerWhoseCostMovedFromOneCalleeToAnotherIsTheCulprit() throws Exception {
        DiffTree diff = diff(
                base -> base.add("main;Worker.loop;Parser.parse;Parser.splitFast", 200),
                head -> head.add("main;Worker.loop;Parser.parse;Parser.splitRegex", 900), 3);

        Culprit top = diff.functions().culprits().get(0);
        assertThat(top.function().frame().name()).isEqualTo("Parser.parse");
        assertThat(top.callees()).extracting(c -> c.frame().name()).containsExactly("Parser.splitRegex", "Parser.splitFast");
        assertThat(top.callees()).extracting(CalleeChange::isNew).containsExactly(true, false);
        assertThat(top.callees().get(1).isGone()).isTrue();
        assertThat(names(diff.functions().culprits())).containsExactly("Parser.parse");
    }

    @Test
    void aCallerSlowerInItsOwnBodyIsTheCulprit() throws Exception {
        DiffTree diff = diff(
                base -> base.add("main;Worker.loop;Codec.encode", 200).add("main;Worker.loop;Codec.encode;Buffer.put", 300),
                head -> head.add("main;Worker.loop;Codec.encode", 900).add("main;Worker.loop;Codec.encode;Buffer.put", 300), 4);

        assertThat(names(diff.functions().culprits())).containsExactly("Codec.encode");
    }

    @Test
    void anImprovementIsACulpritOfItsOwnNextToARegression() throws Exception {
        DiffTree diff = diff(
                base -> base.add("main;Worker.loop;Alpha.run", 300).add("main;Worker.loop;Checksum.compute", 800),
                head -> head.add("main;Worker.loop;Alpha.run", 900).add("main;Worker.loop;Checksum.compute", 100), 5);

        DiffSummary summary = DiffSummary.of(diff);
        assertThat(names(summary.culpritRegressions())).containsExactly("Alpha.run");
        assertThat(names(summary.culpritImprovements())).containsExactly("Checksum.compute");
    }

    @Test
    void aNewMethodIsNamedAsNewUnderTheCallerThatCallsIt() throws Exception {
        DiffTree diff = diff(base -> { }, head -> head.add("main;Worker.loop;Audit.record;Audit.format", 600), 6);

        Culprit top = diff.functions().culprits().get(0);
        assertThat(top.function().frame().name()).isEqualTo("Worker.loop");
        assertThat(top.callees()).first().satisfies(c -> {
            assertThat(c.frame().name()).isEqualTo("Audit.record");
            assertThat(c.isNew()).isTrue();
        });
        FunctionDiff audit = diff.functions().all().stream()
                .filter(f -> f.frame().name().equals("Audit.record")).findFirst().orElseThrow();
        assertThat(audit.inclusiveSignificant()).isTrue();
        assertThat(audit.status()).hasToString("ADDED");
    }

    /**
     * A pull request changes the program, not the JDK: a method that calls {@code String.format}
     * five times as often is where the change starts, with the JDK method as where it went.
     */
    @Test
    void aMethodThatCallsJdkCodeMoreOftenIsTheCulpritNotTheJdkMethod() throws Exception {
        DiffTree diff = diff(
                base -> base.add("main;Worker.loop;Report.render;java.lang.String.format;java.util.Formatter.format", 120)
                        .add("main;Worker.loop;Report.render", 100),
                head -> head.add("main;Worker.loop;Report.render;java.lang.String.format;java.util.Formatter.format", 600)
                        .add("main;Worker.loop;Report.render", 100), 7);

        List<Culprit> culprits = diff.functions().culprits();
        assertThat(names(culprits)).containsExactly("Report.render");
        assertThat(culprits.get(0).callees()).extracting(c -> c.frame().name()).first()
                .isEqualTo("java.lang.String.format");
        assertThat(DiffSummary.of(diff).gate().reasons()).first().asString()
                .startsWith("Report.render grew by +").contains("java.lang.String.format");
    }

    /**
     * The program's code called back by the JDK (a lambda under a stream's internals) is a
     * function of its own: the lambda that got slower is the culprit, not the method that
     * started the stream, and not the stream's internals.
     */
    @Test
    void aCallbackUnderJdkCodeIsACulpritOfItsOwn() throws Exception {
        String stream = "main;Worker.loop;Orders.total;java.util.stream.ReferencePipeline.forEach;"
                + "java.util.ArrayList$ArrayListSpliterator.forEachRemaining;Orders.lambda$total$0";
        DiffTree diff = diff(
                base -> base.add(stream, 150).add("main;Worker.loop;Orders.total", 100),
                head -> head.add(stream, 700).add("main;Worker.loop;Orders.total", 100), 8);

        assertThat(names(diff.functions().culprits())).containsExactly("Orders.lambda$total$0");
    }

    /**
     * JIT warm-up and string intrinsics make a JDK method's share swing between recordings of
     * the same program (measured: StringCoding.hasNegatives 41 to 218 samples on one path); on
     * its own it is no culprit, and its caller only when its whole inclusive change is.
     */
    @Test
    void aJdkMethodsSwingUnderAnUnchangedCallerNamesNoCulprit() throws Exception {
        String path = "main;Worker.loop;Response.write;java.lang.String.getBytes;java.lang.StringCoding.hasNegatives";
        DiffTree diff = diff(
                base -> base.add(path, 40).add("main;Worker.loop;Response.write;Json.encode", 1500),
                head -> head.add(path, 110).add("main;Worker.loop;Response.write;Json.encode", 1500), 9);

        assertThat(names(diff.functions().culprits())).doesNotContain("java.lang.StringCoding.hasNegatives",
                "java.lang.String.getBytes");
    }

    /**
     * A formatter called from seven handlers that became too cheap to be sampled at all (the
     * shape of a JDK recording: 57 samples to none): every handler's edge into it has base values
     * only. It is the one change, not seven callers that each stopped calling it, and not
     * nothing because each handler alone lost too little.
     */
    @Test
    void aMethodGoneFromEveryCallerAtOnceIsTheCulpritNotItsCallers() throws Exception {
        DiffTree diff = diff(
                base -> handlers(base, ";Formatter.money;java.lang.String.format;java.util.Formatter.format", 9),
                head -> handlers(head, "", 0), 11);

        List<Culprit> culprits = diff.functions().culprits();
        assertThat(names(culprits)).first().isEqualTo("Formatter.money");
        assertThat(culprits.get(0).regression()).isFalse();
        assertThat(names(culprits)).noneMatch(n -> n.startsWith("Handler"));
    }

    /**
     * The same the other way: a helper too cheap to be sampled in base is slow under every caller
     * in head. The profile has other work beside the handlers: were the handlers all of it, the
     * totals' normalization would leave their share unchanged, the shape of code merely moved into
     * the helper (see the next test).
     */
    @Test
    void aMethodNewUnderEveryCallerAtOnceIsTheCulpritNotItsCallers() throws Exception {
        DiffTree diff = diff(
                base -> handlers(base, "", 0).add("main;Worker.loop;Stages.run", 400),
                head -> handlers(head, ";Validator.check;java.util.regex.Pattern.compile", 9)
                        .add("main;Worker.loop;Stages.run", 400), 12);

        List<Culprit> culprits = diff.functions().culprits();
        assertThat(names(culprits)).first().isEqualTo("Validator.check");
        assertThat(culprits.get(0).regression()).isTrue();
        assertThat(names(culprits)).noneMatch(n -> n.startsWith("Handler"));
    }

    /**
     * Forty thin handlers (each with two steps under it, as a dispatcher's table of handlers has)
     * call one formatter, which was too cheap in base for most of its paths to be sampled at all,
     * handlers and steps included: in head it is slow through library code on every path. The
     * handlers' one-sided edges are not forty handlers newly called by the dispatcher: they are
     * one-sided because the formatter beneath them got slow. So the formatter is the culprit, and
     * the dispatcher above, whose own code did not change, is not (before, the dispatcher was
     * named "in its own code" with the whole change: a C program recorded with perf, and a Java
     * one recorded by the JDK's recorder at its default 20 ms).
     */
    @Test
    void aMethodSlowUnderManyThinCallersTooCheapToBeSampledInBaseIsTheCulprit() throws Exception {
        for (long seed = 60; seed < 70; seed++) {
            DiffTree diff = diff(
                    base -> thinHandlers(base, "", 0.05).add("main;Worker.loop;Stages.run", 400),
                    head -> thinHandlers(head, ";java.util.regex.Pattern.compile", 3)
                            .add("main;Worker.loop;Stages.run", 400), seed);

            List<Culprit> culprits = diff.functions().culprits();
            assertThat(names(culprits)).as("seed %d", seed).first().isEqualTo("Keys.format");
            assertThat(culprits.get(0).regression()).isTrue();
            assertThat(names(culprits)).as("seed %d", seed)
                    .noneMatch(n -> n.equals("App.dispatch") || n.startsWith("Handler") || n.startsWith("Step"));
        }
    }

    /**
     * The same shape in a native program: a row renderer reached through forty handlers, cheap in
     * base, newly sorts and formats through the C library, whose recursive merge sort calls itself.
     * The sort's internals are one-sided under many handlers too, but they never ran in base: they
     * are the renderer's new code, and the renderer is the culprit (the merge sort, and the
     * qsort above it with a cut-short stack as its "second caller", had each been named while the
     * rule was being written).
     */
    @Test
    void aNativeRendererSlowThroughTheCLibraryIsTheCulpritNotTheLibrarysSort() throws Exception {
        for (long seed = 80; seed < 90; seed++) {
            Stacks b = new Stacks();
            Stacks h = new Stacks();
            for (Stacks side : List.of(b, h)) {
                side.add("prog;_start;main;steady", 200).add("prog;_start;main;dispatch", 1);
            }
            for (int i = 0; i < 40; i++) {
                String row = "prog;_start;main;dispatch;handler_" + i + ";render_row";
                b.add(row, 0.25);
                h.add(row, 0.5).add(row + ";qsort_r;msort_with_tmp;msort_with_tmp;msort_with_tmp;cmp", 4)
                        .add(row + ";qsort_r;msort_with_tmp;msort_with_tmp", 3)
                        .add(row + ";snprintf;vfprintf_internal;printf_fp", 3);
            }
            // Stacks the unwinder cut short, the sort right under the process: no second caller.
            h.add("prog;qsort_r;msort_with_tmp;msort_with_tmp", 1).add("prog;render_row;qsort_r", 1);
            Random random = new Random(seed);
            DiffTree diff = Diffs.diff(b.profile("base", random), h.profile("head", random), DiffOptions.DEFAULT);

            List<Culprit> culprits = diff.functions().culprits();
            assertThat(names(culprits)).as("seed %d", seed).first().isEqualTo("render_row");
            assertThat(names(culprits)).as("seed %d", seed)
                    .noneMatch(n -> n.startsWith("msort") || n.startsWith("qsort") || n.equals("dispatch") || n.startsWith("handler"));
        }
    }

    /**
     * The perf-recorded shape of the native renderer (fixtures/perf): the dispatcher is a tail
     * call, so the forty handlers hang right under {@code main}, and in the same change
     * {@code main}'s checksum does an eighth of its work. {@code main}'s total barely moves, so
     * the handlers' totals cannot say that the renderer's one-sided paths are its own growth;
     * where base sampled the renderer it grew tenfold, and that says it. {@code main} had been
     * named, "in its own code", with the renderer's whole change.
     */
    @Test
    void aRendererUnderHandlersReachedByATailCallIsTheCulpritWhenMainsOtherWorkGotFaster() throws Exception {
        for (long seed = 90; seed < 100; seed++) {
            Stacks b = new Stacks();
            Stacks h = new Stacks();
            b.add("prog;_start;main;checksum", 560).add("prog;_start;main;steady", 190);
            h.add("prog;_start;main;checksum", 65).add("prog;_start;main;steady", 220);
            for (int i = 0; i < 40; i++) {
                String row = "prog;_start;main;handler_" + i + ";render_row";
                b.add(row, 0.25);
                h.add(row, 0.5).add(row + ";qsort_r;msort_with_tmp;msort_with_tmp;cmp", 5)
                        .add(row + ";snprintf;vfprintf_internal;printf_fp", 4);
            }
            Random random = new Random(seed);
            DiffTree diff = Diffs.diff(b.profile("base", random), h.profile("head", random), DiffOptions.DEFAULT);

            List<Culprit> culprits = diff.functions().culprits();
            assertThat(names(culprits)).as("seed %d", seed).contains("render_row", "checksum")
                    .noneMatch(n -> n.equals("main") || n.startsWith("handler") || n.startsWith("msort"));
        }
    }

    /**
     * Code of seven handlers moved into a method that already existed, called from a report in
     * both profiles: the method is one-sided under the seven handlers, but where base called it
     * it did not grow, and the handlers' totals stay. Nothing changed.
     */
    @Test
    void codeMovedOutOfEveryCallerIntoAnExistingMethodIsNoCulprit() throws Exception {
        for (long seed = 14; seed < 20; seed++) {
            DiffTree diff = diff(
                    base -> handlers(base, "", 0).add("main;Worker.loop;Stages.run", 400)
                            .add("main;Worker.loop;Report.run;Util.normalize", 60)
                            .add(handlerOwn(0), 30).add(handlerOwn(1), 30).add(handlerOwn(2), 30).add(handlerOwn(3), 30)
                            .add(handlerOwn(4), 30).add(handlerOwn(5), 30).add(handlerOwn(6), 30),
                    head -> handlers(head, ";Util.normalize", 30).add("main;Worker.loop;Stages.run", 400)
                            .add("main;Worker.loop;Report.run;Util.normalize", 60), seed);

            assertThat(names(diff.functions().culprits())).as("seed %d", seed).doesNotContain("Util.normalize");
        }
    }

    /**
     * A new feature: one new method, which calls two new helpers, which call an existing
     * formatter. Every edge below the feature is one-sided, and the formatter is one-sided under two
     * callers; but all of it hangs from one new call, the feature's, so the change is the code that
     * calls the feature, and the formatter, called more by new code, is not a culprit.
     */
    @Test
    void anExistingMethodCalledByTheHelpersOfOneNewFeatureIsNotTheCulprit() throws Exception {
        String orders = "main;Worker.loop;Orders.place";
        for (long seed = 70; seed < 76; seed++) {
            DiffTree diff = diff(
                    base -> base.add(orders, 300).add("main;Worker.loop;Report.run;Keys.format", 60)
                            .add("main;Worker.loop;Stages.run", 400),
                    head -> head.add(orders, 300).add("main;Worker.loop;Report.run;Keys.format", 60)
                            .add(orders + ";Loyalty.award;Loyalty.points;Keys.format", 150)
                            .add(orders + ";Loyalty.award;Loyalty.tier;Keys.format", 150)
                            .add("main;Worker.loop;Stages.run", 400), seed);

            List<Culprit> culprits = diff.functions().culprits();
            assertThat(names(culprits)).as("seed %d", seed).first().isEqualTo("Orders.place");
            assertThat(names(culprits)).as("seed %d", seed).doesNotContain("Keys.format");
        }
    }

    /**
     * Code of seven handlers moved into a new helper they all call (an extract-method refactor):
     * the handlers' totals stay, so the helper's one-sided edges are the handlers' new code, and
     * nothing changed.
     */
    @Test
    void codeMovedOutOfEveryCallerIntoANewMethodIsNoCulprit() throws Exception {
        DiffTree diff = diff(
                base -> handlers(base, "", 0).add("main;Worker.loop;Stages.run", 400)
                        .add(handlerOwn(0), 30).add(handlerOwn(1), 30).add(handlerOwn(2), 30).add(handlerOwn(3), 30)
                        .add(handlerOwn(4), 30).add(handlerOwn(5), 30).add(handlerOwn(6), 30),
                head -> handlers(head, ";Util.normalize", 30).add("main;Worker.loop;Stages.run", 400), 13);

        assertThat(names(diff.functions().culprits())).doesNotContain("Util.normalize");
    }

    /**
     * A parser that now calls a new splitter, as the example suite's benchmark does, with a few of
     * head's samples in truncated stacks that start at the splitter (async-profiler's
     * {@code [unknown]} and {@code [break_stack_range]} roots) and one under a second caller
     * (a stack walked wrong): none of those is a second caller that also started calling it, so
     * the change is the parser's and the splitter is its new callee.
     */
    @Test
    void aNewCalleeWithTruncatedStacksIsStillItsCallersChange() throws Exception {
        String parser = "main;Worker.loop;Bench.parse;Parser.parse";
        for (long seed = 40; seed < 52; seed++) {
            DiffTree diff = diff(
                    base -> base.add(parser, 60).add(parser + ";Parser.splitIndexOf;java.lang.String.indexOf", 300),
                    head -> head.add(parser, 60)
                            .add(parser + ";Parser.splitRegex;java.util.regex.Pattern.compile", 700)
                            .add(parser + ";Parser.splitRegex;java.util.regex.Matcher.find", 500)
                            .add("[unknown];Parser.splitRegex;java.util.regex.Matcher.find", 3)
                            .add("[break_stack_range];Parser.splitRegex", 2)
                            .add("main;Worker.loop;Other.step1;Parser.splitRegex", 1), seed);

            List<Culprit> culprits = diff.functions().culprits();
            assertThat(names(culprits)).as("seed %d", seed).first().isEqualTo("Parser.parse");
            assertThat(culprits.get(0).callees()).first()
                    .satisfies(c -> assertThat(c.frame().name()).isEqualTo("Parser.splitRegex"));
            assertThat(names(culprits)).as("seed %d", seed).doesNotContain("Parser.splitRegex");
        }
    }

    /**
     * A new helper that two methods now call, a quarter of its time from the second: both
     * started calling it at once, so it is the one change and the culprit.
     */
    @Test
    void aNewMethodUnderTwoCallersThreeToOneIsItsOwnChange() throws Exception {
        DiffTree diff = diff(
                base -> base.add("main;Worker.loop;Orders.place", 200).add("main;Worker.loop;Orders.cancel", 100),
                head -> head.add("main;Worker.loop;Orders.place", 200).add("main;Worker.loop;Orders.cancel", 100)
                        .add("main;Worker.loop;Orders.place;Audit.record;java.util.Formatter.format", 300)
                        .add("main;Worker.loop;Orders.cancel;Audit.record;java.util.Formatter.format", 100), 14);

        assertThat(names(diff.functions().culprits())).first().isEqualTo("Audit.record");
    }

    /**
     * A lexer's helper under a parser's mutual recursion keeps its own time and newly spends
     * eight times as much in library code it never called, half of it in the JVM's array-copy
     * stub (system work, with a run-to-run variation of its own), with the one-run tests at the
     * ceiling of the noise estimate (a diff whose changes move most of the profile measures its
     * own changes as noise). A ninefold ratio of its whole own change is within what that variation
     * allows once the candidates' family is adjusted; calls that held no sample in base are not,
     * so the helper is the culprit, and none of the recursive parse methods above it is.
     */
    @Test
    void aHelperWhoseNewCallsHoldNearlyAllItsTimeIsTheCulpritAtTheNoiseCeiling() throws Exception {
        int insignificantInclusive = 0;
        for (long seed = 60; seed < 70; seed++) {
            DiffTree diff = diffAtTheNoiseCeiling(
                    base -> recursive(base, "", 25),
                    head -> {
                        recursive(head, "", 25);
                        recursive(head, ";java.lang.String.substring;java.util.Arrays.copyOfRange", 100);
                        recursive(head, ";java.lang.String.substring;java.util.Arrays.copyOfRange;jbyte_disjoint_arraycopy",
                                100);
                    }, seed);

            List<Culprit> culprits = diff.functions().culprits();
            assertThat(names(culprits)).as("seed %d", seed).containsExactly("Lexer.skip");
            assertThat(culprits.get(0).callees().get(0).isNew()).isTrue();
            // Its twelve nodes are drawn as the change they are, whether or not its inclusive
            // value alone passed the function family's test.
            int index = diff.functions().indexOf(nodeOf(diff, "Lexer.skip"));
            for (int n : diff.functions().nodesOf(index)) {
                assertThat(diff.functions().partOfSignificantChange(n)).as("seed %d, node %d", seed, n).isTrue();
            }
            if (!diff.functions().get(index).inclusiveSignificant()) {
                insignificantInclusive++;
            }
        }
        // The case the culprits' own rule is for: most seeds leave the inclusive change alone
        // within the noise.
        assertThat(insignificantInclusive).isGreaterThan(0);
    }

    /**
     * The same helper's own loop moved into a new method it calls (an extract-method refactor):
     * its new calls are as one-sided as a regression's, but they hold what its own code lost, so
     * its own change is tested whole and it is no culprit.
     */
    @Test
    void aLoopMovedIntoANewMethodOfOneCallerIsNoCulpritAtTheNoiseCeiling() throws Exception {
        for (long seed = 70; seed < 80; seed++) {
            DiffTree diff = diffAtTheNoiseCeiling(
                    base -> recursive(base, "", 25),
                    head -> {
                        recursive(head, "", 3);
                        recursive(head, ";Lexer.skipLoop", 22);
                    }, seed);

            assertThat(names(diff.functions().culprits())).as("seed %d", seed).isEmpty();
        }
    }

    /**
     * A loop that now does a third of its work, most of it in a JDK method inlined into it: the
     * JDK method is the callee its change went to, ahead of a deoptimization stub's two samples
     * that head no longer shows (gone code was listed first, whatever its size).
     */
    @Test
    void aLoopDoingAThirdOfItsWorkListsTheJdkMethodThatCarriedItsChange() throws Exception {
        String pack = "main;Worker.loop;Compress.pack";
        DiffTree diff = diff(
                base -> base.add(pack, 80).add(pack + ";java.lang.Long.rotateRight", 750).add(pack + ";DeoptimizationBlob", 2),
                head -> head.add(pack, 27).add(pack + ";java.lang.Long.rotateRight", 250), 21);

        List<Culprit> culprits = diff.functions().culprits();
        assertThat(names(culprits)).containsExactly("Compress.pack");
        assertThat(culprits.get(0).callees()).first()
                .satisfies(c -> assertThat(c.frame().name()).isEqualTo("java.lang.Long.rotateRight"));
    }

    private static String handlerOwn(int i) {
        return "main;Worker.loop;Router.dispatch;Handler" + i + ".handle";
    }

    /**
     * A dispatcher's forty handlers, each with two steps that call {@code Keys.format} (which
     * ends in {@code tail}), {@code perPath} samples a path, and no work of their own.
     */
    private static Stacks thinHandlers(Stacks s, String tail, double perPath) {
        for (int i = 0; i < 40; i++) {
            for (String step : new String[] {"StepA", "StepB"}) {
                s.add("main;Worker.loop;App.dispatch;Handler" + i + ".handle;" + step + i + ".run;Keys.format" + tail, perPath);
            }
        }
        return s.add("main;Worker.loop;App.dispatch", 2);
    }

    /** Seven handlers, each with work of its own, each calling {@code tail} with {@code perHandler} samples. */
    private static Stacks handlers(Stacks s, String tail, double perHandler) {
        for (int i = 0; i < 7; i++) {
            String handler = "main;Worker.loop;Router.dispatch;Handler" + i + ".handle";
            s.add(handler, 60);
            if (perHandler > 0) {
                s.add(handler + tail, perHandler);
            }
        }
        return s;
    }

    @Test
    void theSameProgramTwiceHasNoCulprits() throws Exception {
        for (long seed = 10; seed < 30; seed++) {
            DiffTree diff = diff(base -> routed(base, "", 4), head -> routed(head, "", 4), seed);
            assertThat(diff.functions().culprits()).as("seed %d", seed).isEmpty();
        }
    }

    private static int nodeOf(DiffTree diff, String name) {
        for (int n = 0; n < diff.size(); n++) {
            if (diff.frame(n).name().equals(name)) {
                return n;
            }
        }
        throw new AssertionError(name);
    }
}
