package dev.flamediff.bench;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.Culprit;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.FunctionDiff;
import dev.flamediff.diff.GateThresholds;
import dev.flamediff.model.Profile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Measures the false-positive and detection rates of the diff's culprits and gate on a corpus
 * of re-recordings of the fixture programs ({@code fixtures/program/record-noise-corpus.sh}
 * writes one, with an {@code index.tsv}). For each recorder:
 * <ul>
 *   <li>same-program pairs: base runs paired without reuse (1-2, 3-4, ...) and, for more pairs,
 *       every pair of distinct runs: how many flag a culprit, a significant function, or fail
 *       {@code --fail-on-frame-regression 2};</li>
 *   <li>injected regressions ({@code head:K}): each head run against a base run, one run per
 *       side, and three against three: how often the slowed method is the first culprit and
 *       fails the gate.</li>
 * </ul>
 * Usage: {@code java -cp benchmarks.jar dev.flamediff.bench.NoiseCorpus CORPUS_DIR [METHOD]}.
 * Not run by the tests (the corpus is not committed); its figures go into the notes.
 */
public final class NoiseCorpus {

    private NoiseCorpus() {
    }

    private record Run(String file, String program, String variant, int run, String load, String recorder) {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        String culprit = args.length > 1 ? args[1] : "HeaderParser.parseHeader";
        List<Run> runs = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("index.tsv"))) {
            String[] f = line.split("\t");
            if (f[0].equals("file")) {
                continue;
            }
            runs.add(new Run(f[0], f[1], f[2], Integer.parseInt(f[3]), f[4], f[5]));
        }
        Map<String, List<Run>> groups = new TreeMap<>();
        for (Run r : runs) {
            groups.computeIfAbsent(r.program() + " " + r.recorder() + " " + r.variant(), k -> new ArrayList<>()).add(r);
        }
        DiffOptions options = DiffOptions.DEFAULT.withGate(GateThresholds.NONE.withAnyFrame(0.02));
        for (String key : groups.keySet()) {
            if (!key.endsWith(" base")) {
                continue;
            }
            List<Run> base = groups.get(key);
            base.sort(java.util.Comparator.comparingInt(Run::run));
            String prefix = key.substring(0, key.length() - " base".length());
            List<Profile> profiles = new ArrayList<>();
            for (Run r : base) {
                profiles.add(Profiles.read(dir.resolve(r.file()), ReadOptions.DEFAULT));
            }
            int[] disjoint = sameProgram(profiles, options, true);
            int[] all = sameProgram(profiles, options, false);
            System.out.printf(Locale.ROOT, "%s: same program, disjoint pairs %d: culprit %d, significant function %d, gate %d%n",
                    prefix, disjoint[0], disjoint[1], disjoint[2], disjoint[3]);
            System.out.printf(Locale.ROOT, "%s: same program, all pairs %d: culprit %d, significant function %d, gate %d%n",
                    prefix, all[0], all[1], all[2], all[3]);
            for (String variant : List.of("head:1", "head:2", "head:5", "head:10")) {
                List<Run> head = groups.get(prefix + " " + variant);
                if (head == null) {
                    continue;
                }
                head.sort(java.util.Comparator.comparingInt(Run::run));
                List<Profile> hp = new ArrayList<>();
                for (Run r : head) {
                    hp.add(Profiles.read(dir.resolve(r.file()), ReadOptions.DEFAULT));
                }
                int pairs = 0;
                int first = 0;
                int named = 0;
                int gate = 0;
                for (int i = 0; i < hp.size(); i++) {
                    DiffTree d = Diffs.diff(profiles.get(i), hp.get(i), options);
                    pairs++;
                    List<Culprit> c = d.functions().culprits();
                    first += !c.isEmpty() && c.get(0).function().frame().name().contains(culprit) ? 1 : 0;
                    named += c.stream().anyMatch(x -> x.function().frame().name().contains(culprit)) ? 1 : 0;
                    gate += d.summary().gate().reasons().stream().anyMatch(s -> s.contains(culprit)) ? 1 : 0;
                }
                int three = 0;
                int threeGate = 0;
                int threeSets = 0;
                for (int i = 0; i + 3 <= hp.size(); i += 2) {
                    DiffTree d = Diffs.diff(profiles.subList(2 * i, 2 * i + 3), hp.subList(i, i + 3), options);
                    threeSets++;
                    List<Culprit> c = d.functions().culprits();
                    three += !c.isEmpty() && c.get(0).function().frame().name().contains(culprit) ? 1 : 0;
                    threeGate += d.summary().gate().reasons().stream().anyMatch(s -> s.contains(culprit)) ? 1 : 0;
                }
                System.out.printf(Locale.ROOT, "%s: %s, 1 vs 1: %d pairs, first culprit %d, named %d, gate %d; 3 vs 3: %d sets, first culprit %d, gate %d%n",
                        prefix, variant, pairs, first, named, gate, threeSets, three, threeGate);
            }
        }
    }

    /** Returns pairs, pairs with a culprit, with a significant function, with a failed gate. */
    private static int[] sameProgram(List<Profile> profiles, DiffOptions options, boolean disjoint) throws Exception {
        int[] out = new int[4];
        for (int i = 0; i < profiles.size(); i++) {
            for (int j = i + 1; j < profiles.size(); j++) {
                if (disjoint && (i % 2 != 0 || j != i + 1)) {
                    continue;
                }
                DiffTree d = Diffs.diff(profiles.get(i), profiles.get(j), options);
                out[0]++;
                List<Culprit> c = d.functions().culprits();
                if (!c.isEmpty()) {
                    out[1]++;
                    if (disjoint || System.getProperty("all") != null) {
                        System.out.println("  flagged pair " + i + "-" + j + ": " + c.stream()
                                .map(x -> x.function().frame().name() + String.format(Locale.ROOT, " %+.1f%%", 100 * x.impact()))
                                .toList());
                    }
                }
                out[2] += d.functions().all().stream().anyMatch(FunctionDiff::inclusiveSignificant) ? 1 : 0;
                out[3] += d.summary().gate().failed() ? 1 : 0;
            }
        }
        return out;
    }
}
