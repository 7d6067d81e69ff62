package dev.flamediff.diff.significance;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.Culprit;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.GateThresholds;
import dev.flamediff.diff.stats.Distributions;
import dev.flamediff.model.IncompatibleProfilesException;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Three runs a side, recorded while the machine was sometimes busy: a loaded run holds about 30%
 * fewer samples of every frame (as the shop corpus' quiet and loaded runs do: 4,950 against 3,450),
 * and every stack varies 5% on top of sampling (fixed seeds). How much a whole run got is not how
 * much one frame varies: a method twice as slow on 16 paths must still be named, and two triples
 * of the same program with different mixes of busy runs must name nothing.
 */
class LoadedRunsTest {

    private static final FoldedStacks BASE = FoldedStacks.gzipFixture("router/ap-base.collapsed.gz");
    private static final String METHOD = "fixture/router/OrdersHandler.handle";
    /** A loaded run's samples, as a share of a quiet run's. */
    private static final double LOADED = 0.7;
    private static final double SPREAD = 0.05;
    private static final DiffOptions OPTIONS = DiffOptions.DEFAULT.withGate(GateThresholds.NONE.withAnyFrame(0.02));

    /** A run: every stack drawn around its count, varied by 5%, times the run's share of the machine. */
    private static FoldedStacks run(Random random, FoldedStacks stacks, boolean loaded) {
        return stacks.resampleOverdispersed(random, SPREAD, loaded ? LOADED : 1);
    }

    /** Base quiet, loaded, quiet; head loaded, quiet, loaded: the harder way round for either side. */
    private static DiffTree diff(Random random, FoldedStacks base, FoldedStacks head) throws IncompatibleProfilesException {
        return Diffs.diff(
                FoldedStacks.profiles("base", run(random, base, false), run(random, base, true), run(random, base, false)),
                FoldedStacks.profiles("head", run(random, head, true), run(random, head, false), run(random, head, true)),
                OPTIONS);
    }

    @Test
    void aMethodTwiceAsSlowOnSixteenPathsIsNamedThoughHalfTheRunsWereBusy() throws IncompatibleProfilesException {
        FoldedStacks slower = BASE.scale(s -> FoldedStacks.leafOf(s).equals(METHOD), 2);
        Random random = new Random(30);
        int trials = 20;
        int first = 0;
        for (int t = 0; t < trials; t++) {
            List<Culprit> culprits = diff(random, BASE, slower).functions().culprits();
            first += !culprits.isEmpty() && culprits.get(0).function().frame().name().equals(METHOD) ? 1 : 0;
        }
        System.out.printf("3 vs 3 runs, half of them busy: %s x2 (+2.7%% of the profile) named first in %d of %d%n",
                METHOD, first, trials);
        assertThat(first).isGreaterThanOrEqualTo(trials * 8 / 10);
    }

    @Test
    void twoTriplesOfTheSameProgramNameNothingThoughTheirBusyRunsDiffer() throws IncompatibleProfilesException {
        Random random = new Random(31);
        int trials = 40;
        int named = 0;
        int gate = 0;
        for (int t = 0; t < trials; t++) {
            DiffTree diff = diff(random, BASE, BASE);
            named += diff.functions().culprits().isEmpty() ? 0 : 1;
            gate += diff.summary().gate().failed() ? 1 : 0;
        }
        System.out.printf("3 vs 3 runs of the same program, half of them busy: a culprit in %d of %d, the gate failed in %d%n",
                named, trials, gate);
        assertThat(Distributions.binomialUpperTail(named, trials, DiffOptions.DEFAULT_SIGNIFICANCE_LEVEL))
                .as("%d of %d name a culprit", named, trials).isGreaterThan(0.001);
        assertThat(gate).isZero();
    }
}
