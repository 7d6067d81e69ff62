package dev.flamediff.render.svg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.NodeStatus;
import dev.flamediff.render.RenderOptions;
import dev.flamediff.render.RenderOptions.WidthMode;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** Laws of the layout, checked over seeded random diffs (seeds are in the failure messages). */
class SvgLayoutLawsTest {

    private static final int SEEDS = 150;
    private static final double[] MIN_WIDTHS = {0, 0.1, 2, 25};

    @Test
    void childrenNestInTheirParentAndSiblingsDoNotOverlap() {
        Random r = new Random(7);
        for (int seed = 0; seed < SEEDS; seed++) {
            DiffTree diff = SvgTestSupport.random(seed);
            RenderOptions options = RenderOptions.DEFAULT
                    .withWidthMode(WidthMode.values()[r.nextInt(WidthMode.values().length)])
                    .withMinWidth(MIN_WIDTHS[r.nextInt(MIN_WIDTHS.length)])
                    .withInverted(r.nextBoolean());
            Document doc = SvgTestSupport.parse(SvgTestSupport.render(diff, options));
            List<Element> frames = SvgTestSupport.frames(doc);
            int[] parent = SvgTestSupport.parents(frames);
            long[] left = new long[frames.size()];
            long[] right = new long[frames.size()];
            for (int i = 0; i < frames.size(); i++) {
                left[i] = Math.round(SvgTestSupport.x(frames.get(i)) * 100);
                right[i] = left[i] + Math.round(SvgTestSupport.width(frames.get(i)) * 100);
            }
            long[] cursor = left.clone();
            String where = "seed " + seed + " " + options;
            for (int i = 1; i < frames.size(); i++) {
                int p = parent[i];
                assertThat(left[i]).as(where).isGreaterThanOrEqualTo(left[p]);
                assertThat(right[i]).as(where).isLessThanOrEqualTo(right[p]);
                assertThat(left[i]).as(where + ": sibling overlap").isGreaterThanOrEqualTo(cursor[p]);
                cursor[p] = right[i];
            }
        }
    }

    @Test
    void theWrittenOutWidestIsTheModesLoopToTheBit() {
        for (int seed = 0; seed < SEEDS; seed++) {
            DiffTree diff = seed == 0 ? SvgTestSupport.fixtureLike() : SvgTestSupport.random(seed);
            WidthWeights w = WidthWeights.of(diff);
            int s = seed;
            w.walk(0, (n, union, changes) -> assertThat(Double.doubleToRawLongBits(w.widest(n, union, changes)))
                    .as("seed %d node %d", s, n)
                    .isEqualTo(Double.doubleToRawLongBits(WideFrames.widest(w, n, union, changes))));
        }
    }

    @Test
    void unionWidthCoversBothSidesSoAddedAndRemovedFramesAreVisible() {
        for (int seed = 0; seed < SEEDS; seed++) {
            DiffTree diff = SvgTestSupport.random(seed);
            WidthWeights w = WidthWeights.of(diff);
            for (int n = 0; n < diff.size(); n++) {
                double union = w.weight(WidthMode.UNION, n);
                assertThat(union).as("seed %d node %d", seed, n)
                        .isGreaterThanOrEqualTo(Math.max(diff.baseTotal(n), diff.headTotal(n)) - 1e-9);
                if (diff.status(n) != NodeStatus.COMMON) {
                    assertThat(union).isPositive();
                }
            }
        }
    }

    @Test
    void everyModeIsAdditiveChildrenNeverOutweighTheirParent() {
        for (int seed = 0; seed < SEEDS; seed++) {
            DiffTree diff = SvgTestSupport.random(seed);
            WidthWeights w = WidthWeights.of(diff);
            for (WidthMode m : WidthMode.values()) {
                for (int n = 0; n < diff.size(); n++) {
                    double children = 0;
                    for (int c = diff.firstChild(n); c >= 0; c = diff.nextSibling(c)) {
                        children += w.weight(m, c);
                    }
                    assertThat(children).as("seed %d %s node %d", seed, m, n).isLessThanOrEqualTo(w.weight(m, n) + 1e-9);
                }
            }
        }
    }

    @Test
    void elidedFramesKeepTheTotalsAddingUp() {
        for (int seed = 0; seed < SEEDS; seed++) {
            DiffTree diff = SvgTestSupport.random(seed);
            for (double minWidth : MIN_WIDTHS) {
                FlameLayout layout = FlameLayout.of(diff, WidthWeights.of(diff), RenderOptions.DEFAULT.withMinWidth(minWidth));
                List<PlacedFrame> frames = layout.frames();
                // Children of each drawn node, found from depths in pre-order.
                int[] stack = new int[layout.maxDepth() + 2];
                double[] childBase = new double[frames.size()];
                double[] childHead = new double[frames.size()];
                for (int i = 0; i < frames.size(); i++) {
                    PlacedFrame f = frames.get(i);
                    if (f.depth() > 0) {
                        childBase[stack[f.depth() - 1]] += f.base();
                        childHead[stack[f.depth() - 1]] += f.head();
                    }
                    stack[f.depth()] = i;
                }
                for (int i = 0; i < frames.size(); i++) {
                    PlacedFrame f = frames.get(i);
                    if (!f.isElided()) {
                        String where = "seed " + seed + " minWidth " + minWidth + " node " + f.node();
                        assertThat(childBase[i] + diff.baseSelf(f.node())).as(where).isCloseTo(f.base(), within(f.base()));
                        assertThat(childHead[i] + diff.headSelf(f.node())).as(where).isCloseTo(f.head(), within(f.head()));
                    } else {
                        assertThat(f.elided()).isPositive();
                    }
                }
                if (minWidth == 0) {
                    assertThat(frames).hasSize(diff.size());
                }
            }
        }
    }

    @Test
    void theFrameCapIsRespectedAndTheTotalsStillAddUp() {
        for (int seed = 0; seed < SEEDS; seed++) {
            DiffTree diff = SvgTestSupport.random(seed);
            for (int cap : new int[] {1, 2, 3, 5, 10, 40}) {
                RenderOptions options = RenderOptions.DEFAULT.withMinWidth(0).withMaxFrames(cap);
                FlameLayout layout = FlameLayout.of(diff, WidthWeights.of(diff), options);
                assertThat(layout.frames().size()).as("seed %d cap %d", seed, cap)
                        .isLessThanOrEqualTo(Math.max(cap, Math.min(2, diff.size())));
                double childBase = layout.frames().stream().filter(f -> f.depth() == 1).mapToDouble(PlacedFrame::base).sum();
                assertThat(childBase + diff.baseSelf(0)).isCloseTo(diff.baseTotal(0), within(diff.baseTotal(0)));
                WideFrames all = WideFrames.of(diff, WidthWeights.of(diff), 0);
                if (FrameCap.drawn(diff, all, 0) <= cap) {
                    assertThat(layout.minWidth()).isZero();
                    assertThat(layout.frames()).hasSize(diff.size());
                } else {
                    assertThat(layout.minWidth()).isPositive();
                    // The cap takes the smallest width that fits: one step less would not fit.
                    double[] widest = widest(diff);
                    double below = java.util.Arrays.stream(widest).filter(w -> w < layout.minWidth()).max().orElse(0);
                    if (below > 0) {
                        assertThat(FrameCap.drawn(diff, all, below)).isGreaterThan(cap);
                    }
                }
            }
        }
    }

    @Test
    void aCappedGraphSaysSoInItsWarnings() {
        DiffTree diff = SvgTestSupport.random(3);
        Document doc = SvgTestSupport.parse(SvgTestSupport.render(diff, RenderOptions.DEFAULT.withMaxFrames(3)));
        assertThat(SvgTestSupport.frames(doc).size()).isLessThanOrEqualTo(3);
        assertThat(SvgTestSupport.byId(doc, "warnings").getTextContent()).contains("merged to stay within 3 frames");
    }

    private static double[] widest(DiffTree diff) {
        WidthWeights w = WidthWeights.of(diff);
        double[] out = new double[diff.size()];
        for (int n = 0; n < out.length; n++) {
            for (WidthMode m : WidthMode.values()) {
                out[n] = Math.max(out[n], w.share(m, n) * SvgGeometry.PLOT_WIDTH);
            }
        }
        return out;
    }

    @Test
    void elisionMergesOnlyFramesNarrowerThanTheMinimumInEveryMode() {
        DiffTree diff = SvgTestSupport.diff(new String[] {"a;big 1000", "a;small1 1", "a;small2 1", "b 1"},
                new String[] {"a;big 1000", "a;small1 1", "a;small2 1", "b 1"});
        FlameLayout layout = FlameLayout.of(diff, WidthWeights.of(diff), RenderOptions.DEFAULT.withMinWidth(5));
        List<PlacedFrame> elided = layout.frames().stream().filter(PlacedFrame::isElided).toList();
        assertThat(elided).hasSize(2);
        assertThat(elided.get(0).elided()).isEqualTo(2);
        assertThat(elided.get(0).base()).isEqualTo(2);
        assertThat(elided.get(0).depth()).isEqualTo(2);
        assertThat(elided.get(1).elided()).isEqualTo(1);
        assertThat(elided.get(1).depth()).isEqualTo(1);
        // A frame that changed is wide in "changes" mode, so it is kept.
        DiffTree changed = SvgTestSupport.diff(new String[] {"a;big 1000", "a;small1 1"},
                new String[] {"a;big 1000", "a;small1 3"});
        FlameLayout kept = FlameLayout.of(changed, WidthWeights.of(changed), RenderOptions.DEFAULT.withMinWidth(5));
        assertThat(kept.frames()).noneMatch(PlacedFrame::isElided);
    }

    @Test
    void deepStacksAndLongNamesRender() {
        StringBuilder stack = new StringBuilder();
        for (int i = 0; i < 3000; i++) {
            stack.append(i == 0 ? "" : ";").append("frame").append(i % 7);
        }
        String longName = "x".repeat(20_000);
        DiffTree diff = SvgTestSupport.diff(new String[] {stack + " 5", longName + " 1"},
                new String[] {stack + " 7", longName + " 2"});
        Document doc = SvgTestSupport.parse(SvgTestSupport.render(diff, RenderOptions.DEFAULT.withMinWidth(0)));
        List<Element> frames = SvgTestSupport.frames(doc);
        assertThat(frames).hasSize(3002);
        assertThat(frames.stream().mapToInt(SvgTestSupport::depth).max().orElseThrow()).isEqualTo(3000);
        // The name is cut past OutputNames.MAX_CHARS, visibly.
        String capped = dev.flamediff.render.OutputNames.capped(longName);
        assertThat(capped).endsWith("\u2026[+11808 chars]");
        Element lng = frames.stream().filter(g -> SvgTestSupport.name(g).equals(capped)).findFirst().orElseThrow();
        assertThat(SvgTestSupport.child(lng, "text").getTextContent().length()).isLessThan(200);
    }

    private static org.assertj.core.data.Offset<Double> within(double scale) {
        return org.assertj.core.data.Offset.offset(1e-9 * Math.max(1, Math.abs(scale)));
    }
}
