package dev.flamediff.bench;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.diff.Culprit;
import dev.flamediff.diff.DiffOptions;
import dev.flamediff.diff.DiffTree;
import dev.flamediff.diff.Diffs;
import dev.flamediff.diff.FunctionDiff;
import dev.flamediff.diff.GateThresholds;
import dev.flamediff.diff.RunVariation;
import dev.flamediff.model.Profile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Measures how well the diff names the culprit of a regression on the shop program
 * ({@code fixtures/program/record-shop-corpus.sh} records a corpus with an {@code index.tsv}; the
 * variants and their culprits are listed in {@code fixture.shop.ShopApp}'s Javadoc). For each
 * recorder:
 * <ul>
 *   <li>same-program pairs, one run per side (base runs paired without reuse, 1-2, 3-4, ..., and
 *       every pair of distinct runs) and three against three (five disjoint pairs of base
 *       triples): how many name a culprit and how many fail {@code --fail-on-frame-regression 2};</li>
 *   <li>each head variant, one against one (head run i against base run i, so both were recorded
 *       under the same load) and three against three (each head triple, leaving one run out,
 *       against its own base triple): how often the expected method is the first culprit, is
 *       named at all, and fails the gate. For {@code refactor} any culprit is a false positive.</li>
 * </ul>
 * Every miss under the first option set is printed with the expected method's by-function values
 * and tests, the run variation the diff used and where it came from, the sides' totals, and the
 * culprits named instead.
 *
 * <p>Usage: {@code java -cp benchmarks.jar dev.flamediff.bench.ShopCorpus CORPUS_DIR [OPTION_SET...]}
 * where an option set is {@code default} (what the command line does), {@code c=X} (a fixed run
 * variation), {@code level=X} (the false-discovery level) or {@code c=X,level=Y}; without sets,
 * {@code default} alone. Not run by the tests (the corpus is not committed).
 */
public final class ShopCorpus {

    /** The method each head variant changes (the culprit a reviewer should be told), by variant. */
    static final Map<String, String> EXPECTED = new LinkedHashMap<>();

    static {
        EXPECTED.put("onepath", "ReturnsHandler.restockingFee");
        EXPECTED.put("spread", "Hashing.fingerprint");
        EXPECTED.put("newcall", "SearchHandler.normalizeQuery");
        EXPECTED.put("small", "Catalog.scoreProduct");
        EXPECTED.put("alloc", "InvoiceHandler.renderLine");
        EXPECTED.put("refactor", "");
    }

    private ShopCorpus() {
    }

    private record Run(String file, String variant, int run, String load, String recorder, long samples) {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Map<String, DiffOptions> sets = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            sets.put(args[i], options(args[i]));
        }
        if (sets.isEmpty()) {
            sets.put("default", options("default"));
        }
        Map<String, Map<String, List<Run>>> byRecorder = new TreeMap<>();
        for (String line : Files.readAllLines(dir.resolve("index.tsv"))) {
            String[] f = line.split("\t");
            if (f[0].equals("file") || !f[1].equals("fixture.shop.ShopApp")) {
                continue;
            }
            Run r = new Run(f[0], f[2], Integer.parseInt(f[3]), f[4], f[5], f.length > 7 ? Long.parseLong(f[7]) : -1);
            byRecorder.computeIfAbsent(r.recorder(), k -> new TreeMap<>())
                    .computeIfAbsent(r.variant(), k -> new ArrayList<>()).add(r);
        }
        boolean first = true;
        for (Map.Entry<String, DiffOptions> set : sets.entrySet()) {
            System.out.println("## option set " + set.getKey());
            for (Map.Entry<String, Map<String, List<Run>>> rec : byRecorder.entrySet()) {
                evaluate(dir, rec.getKey(), rec.getValue(), set.getValue(), first);
            }
            first = false;
        }
    }

    static DiffOptions options(String spec) {
        DiffOptions o = DiffOptions.DEFAULT.withGate(GateThresholds.NONE.withAnyFrame(0.02));
        if (spec.equals("default")) {
            return o;
        }
        for (String part : spec.split(",")) {
            String[] kv = part.split("=", 2);
            switch (kv[0]) {
                case "c" -> o = o.withRunVariation(Double.parseDouble(kv[1]));
                case "level" -> o = o.withSignificanceLevel(Double.parseDouble(kv[1]));
                default -> throw new IllegalArgumentException("option set: default, c=X, level=X: " + spec);
            }
        }
        return o;
    }

    private static final Map<String, Profile> CACHE = new TreeMap<>();

    private static List<Profile> read(Path dir, List<Run> runs) throws Exception {
        List<Profile> out = new ArrayList<>();
        for (Run r : runs) {
            Profile p = CACHE.get(r.file());
            if (p == null) {
                p = Profiles.read(dir.resolve(r.file()), ReadOptions.DEFAULT);
                CACHE.put(r.file(), p);
            }
            out.add(p);
        }
        return out;
    }

    private static void evaluate(Path dir, String recorder, Map<String, List<Run>> variants, DiffOptions options,
                                 boolean details) throws Exception {
        List<Run> baseRuns = variants.get("base");
        if (baseRuns == null) {
            return;
        }
        baseRuns.sort(Comparator.comparingInt(Run::run));
        List<Profile> base = read(dir, baseRuns);
        System.out.printf(Locale.ROOT, "%s: samples per base run %s%n", recorder,
                baseRuns.stream().map(r -> Long.toString(r.samples())).collect(Collectors.joining(" ")));
        // Same program, one run per side.
        for (boolean disjoint : new boolean[] {true, false}) {
            int pairs = 0;
            int named = 0;
            int gate = 0;
            List<String> flagged = new ArrayList<>();
            for (int i = 0; i < base.size(); i++) {
                for (int j = i + 1; j < base.size(); j++) {
                    if (disjoint && (i % 2 != 0 || j != i + 1)) {
                        continue;
                    }
                    DiffTree d = Diffs.diff(base.get(i), base.get(j), options);
                    pairs++;
                    List<Culprit> c = d.functions().culprits();
                    if (!c.isEmpty()) {
                        named++;
                        flagged.add((i + 1) + "-" + (j + 1) + " " + culprits(c) + " c=" + variation(d));
                    }
                    gate += d.summary().gate().failed() ? 1 : 0;
                }
            }
            System.out.printf(Locale.ROOT, "%s: same program 1v1 %s pairs %d: culprit %d, gate %d%n", recorder,
                    disjoint ? "disjoint" : "all", pairs, named, gate);
            if (details && disjoint) {
                flagged.forEach(s -> System.out.println("    flagged " + s));
            }
        }
        int sets = 0;
        int setNamed = 0;
        int setGate = 0;
        for (int k = 0; k < 5 && base.size() >= 6; k++) {
            List<Profile> a = new ArrayList<>();
            List<Profile> b = new ArrayList<>();
            for (int x = 0; x < 3; x++) {
                a.add(base.get((k + x) % base.size()));
                b.add(base.get((k + 3 + x) % base.size()));
            }
            DiffTree d = Diffs.diff(a, b, options);
            sets++;
            List<Culprit> c = d.functions().culprits();
            if (!c.isEmpty()) {
                setNamed++;
                if (details) {
                    System.out.println("    flagged 3v3 set " + k + ": " + culprits(c));
                }
            }
            setGate += d.summary().gate().failed() ? 1 : 0;
        }
        System.out.printf(Locale.ROOT, "%s: same program 3v3 sets %d: culprit %d, gate %d%n", recorder, sets, setNamed,
                setGate);

        for (Map.Entry<String, String> e : EXPECTED.entrySet()) {
            List<Run> headRuns = variants.get(e.getKey());
            if (headRuns == null) {
                continue;
            }
            headRuns.sort(Comparator.comparingInt(Run::run));
            List<Profile> head = read(dir, headRuns);
            String method = e.getValue();
            int[] one = new int[4];
            for (int i = 0; i < head.size() && i < base.size(); i++) {
                DiffTree d = Diffs.diff(base.get(i), head.get(i), options);
                score(d, method, one, details, recorder + " " + e.getKey() + " 1v1 base " + (i + 1) + " vs head " + (i + 1));
            }
            int[] three = new int[4];
            if (head.size() >= 3) {
                for (int leave = 0; leave < head.size(); leave++) {
                    List<Profile> h = new ArrayList<>();
                    for (int x = 0; x < head.size(); x++) {
                        if (x != leave && h.size() < 3) {
                            h.add(head.get(x));
                        }
                    }
                    List<Profile> b = new ArrayList<>();
                    for (int x = 0; x < 3; x++) {
                        b.add(base.get((3 * leave + x) % base.size()));
                    }
                    DiffTree d = Diffs.diff(b, h, options);
                    score(d, method, three, details, recorder + " " + e.getKey() + " 3v3 leaving head " + (leave + 1) + " out");
                }
            }
            if (method.isEmpty()) {
                System.out.printf(Locale.ROOT, "%s: %-8s 1v1 %d pairs: any culprit %d, gate %d | 3v3 %d sets: any culprit %d, gate %d%n",
                        recorder, e.getKey(), one[0], one[2], one[3], three[0], three[2], three[3]);
            } else {
                System.out.printf(Locale.ROOT, "%s: %-8s 1v1 %d pairs: first %d, named %d, gate %d | 3v3 %d sets: first %d, named %d, gate %d%n",
                        recorder, e.getKey(), one[0], one[1], one[2], one[3], three[0], three[1], three[2], three[3]);
            }
        }
    }

    /** Adds pairs, expected first, expected named (any culprit for a negative control), gate. */
    private static void score(DiffTree d, String method, int[] out, boolean details, String label) {
        List<Culprit> c = d.functions().culprits();
        out[0]++;
        boolean first;
        boolean named;
        boolean gate;
        if (method.isEmpty()) {
            first = false;
            named = !c.isEmpty();
            gate = d.summary().gate().failed();
        } else {
            first = !c.isEmpty() && matches(c.get(0).function(), method);
            named = c.stream().anyMatch(x -> matches(x.function(), method));
            gate = d.summary().gate().reasons().stream().anyMatch(s -> s.contains(method));
        }
        out[1] += first ? 1 : 0;
        out[2] += named ? 1 : 0;
        out[3] += gate ? 1 : 0;
        boolean miss = method.isEmpty() ? named : !first;
        if (!details || !miss) {
            return;
        }
        System.out.printf(Locale.ROOT, "  MISS %s: totals base %.0f head %.0f (runs %d/%d), c=%s, system c=%.3f, level %.3f, functions %d%n",
                label, d.base().total(), d.head().total(), d.baseRuns(), d.headRuns(), variation(d),
                d.significance().systemRunVariation(), d.significance().level(), d.functions().size());
        if (!method.isEmpty()) {
            FunctionDiff f = d.functions().all().stream().filter(x -> matches(x, method)).findFirst().orElse(null);
            if (f == null) {
                System.out.println("    expected " + method + ": not in the diff");
            } else {
                System.out.printf(Locale.ROOT,
                        "    expected %s: incl %.1f -> %.1f (%.2f%% -> %.2f%% of side, %+.2f%% of base, x%.2f), self %.1f -> %.1f, paths %d;"
                                + " incl z=%.2f p=%.3g q=%.3g sig=%s; self z=%.2f p=%.3g q=%.3g sig=%s%n",
                        f.frame().name(), f.baseInclusive(), f.headInclusive(),
                        100 * f.baseInclusive() / d.base().total(), 100 * f.headInclusive() / d.head().total(),
                        100 * f.inclusiveImpact(), f.headInclusive() / Math.max(f.baseInclusive(), 1e-9),
                        f.baseSelf(), f.headSelf(), f.paths(),
                        f.inclusiveScore(), f.inclusivePValue(), f.inclusiveQValue(), f.inclusiveSignificant(),
                        f.selfScore(), f.selfPValue(), f.selfQValue(), f.selfSignificant());
            }
        }
        System.out.println("    culprits instead: " + (c.isEmpty() ? "none" : culprits(c)));
        List<FunctionDiff> sig = d.functions().all().stream().filter(FunctionDiff::inclusiveSignificant)
                .sorted(Comparator.comparingDouble((FunctionDiff x) -> -Math.abs(x.inclusiveImpact()))).limit(5).toList();
        System.out.println("    largest significant functions: " + (sig.isEmpty() ? "none" : sig.stream()
                .map(x -> String.format(Locale.ROOT, "%s %.0f->%.0f q=%.2g", shortName(x.frame().name()), x.baseInclusive(),
                        x.headInclusive(), x.inclusiveQValue()))
                .collect(Collectors.joining(", "))));
    }

    private static boolean matches(FunctionDiff f, String method) {
        String name = f.frame().name();
        return name.endsWith("." + method) || name.equals(method) || name.endsWith("/" + method)
                || name.replace('/', '.').endsWith("." + method);
    }

    private static String variation(DiffTree d) {
        RunVariation v = d.significance().runVariationDetails();
        return String.format(Locale.ROOT, "%.3f %s (estimate %.3f on %d nodes, shift %+.3f)", v.value(), v.source(),
                v.estimate(), v.nodes(), v.shift());
    }

    private static String culprits(List<Culprit> c) {
        return c.stream().limit(4).map(x -> String.format(Locale.ROOT, "%s %+.1f%% p=%.2g", shortName(x.function().frame().name()),
                100 * x.impact(), x.pValue())).collect(Collectors.joining(", ", "[", c.size() > 4 ? ", ...]" : "]"));
    }

    private static String shortName(String name) {
        return name.startsWith("fixture.shop.") ? name.substring("fixture.shop.".length()) : name;
    }
}
