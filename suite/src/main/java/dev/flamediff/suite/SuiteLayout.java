package dev.flamediff.suite;

import dev.flamediff.collect.InputLimits;
import dev.flamediff.collect.ProfileInput;
import dev.flamediff.collect.ReaderRegistry;
import dev.flamediff.model.ProfileException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds what one side's folder holds. Checked against what JMH 1.37 writes with
 * {@code -rf json -rff results.json -prof async:libPath=...;output=jfr;dir=profiles}:
 * <pre>
 * results.json
 * profiles/com.acme.Bench.parse-Throughput-size-400/jfr-cpu.jfr
 * profiles/com.acme.Bench.sort-Throughput-size-400/jfr-cpu.jfr
 * </pre>
 * one folder per benchmark, mode and parameter set (JMH's benchmark id), holding
 * {@code jfr-EVENT.jfr}, {@code collapsed-EVENT.csv}, {@code summary-EVENT.txt} and
 * {@code flame-EVENT-forward.html} / {@code -reverse.html} as {@code output=} asks. Every fork
 * writes the same file names, so a run with several forks keeps the last fork's recording only;
 * several JMH runs in one side's folder (one fork each, in folders of their own) give the
 * benchmark several recordings, which the profile diff takes as runs. Any other profile file
 * (detected by content, as the single diff does) is paired by its relative path.
 */
public final class SuiteLayout {

    /** JMH's benchmark id: the benchmark, then the mode's long name, then parameters. */
    private static final Pattern JMH_FOLDER = Pattern.compile(
            ".+-(Throughput|AverageTime|SampleTime|SingleShotTime)(-.*)?");
    /** The recordings JMH's async-profiler integration writes, which flamediff reads. */
    private static final Pattern JMH_RECORDING = Pattern.compile("(jfr-.+\\.jfr|collapsed-.+\\.csv)");
    /** JMH's own renderings of the same recording, which flamediff does not read. */
    private static final Pattern JMH_RENDERING = Pattern.compile("(summary-.+\\.txt|flame-.+\\.html|tree-.+\\.html)");

    private final JmhResultsReader resultsReader = new JmhResultsReader();
    private final InputLimits limits;

    /** Creates a layout reader that sniffs profile files within the limits. */
    public SuiteLayout(InputLimits limits) {
        this.limits = limits;
    }

    /**
     * Scans a side's folder.
     *
     * @param resultFiles JMH result files given explicitly; when empty, the folder's own result files are used
     * @throws SuiteInputException when the folder is missing or a results file is not JMH's
     * @throws IOException when the folder cannot be walked
     */
    public SideContents scan(Path folder, List<Path> resultFiles) throws SuiteInputException, IOException {
        if (!Files.exists(folder)) {
            throw new SuiteInputException(folder + ": no such directory", null);
        }
        if (!Files.isDirectory(folder)) {
            throw new SuiteInputException(folder + ": not a directory", null);
        }
        List<Path> all;
        try (Stream<Path> walk = Files.walk(folder)) {
            all = walk.filter(Files::isRegularFile).filter(p -> !hidden(folder, p)).sorted().toList();
        }
        List<String> notes = new ArrayList<>();
        List<Path> results = new ArrayList<>(resultFiles);
        Map<String, List<Path>> jmhProfiles = new TreeMap<>();
        Map<String, Path> files = new LinkedHashMap<>();
        List<String> notProfiles = new ArrayList<>();
        int renderings = 0;
        for (Path file : all) {
            String name = file.getFileName().toString();
            String parent = file.getParent() == null ? "" : file.getParent().getFileName().toString();
            if (JmhResultsReader.looksLikeResults(file)) {
                if (resultFiles.isEmpty()) {
                    results.add(file);
                } else {
                    notes.add(relative(folder, file) + ": JMH results not used (results given explicitly)");
                }
            } else if (!file.getParent().equals(folder) && JMH_FOLDER.matcher(parent).matches()
                    && JMH_RECORDING.matcher(name).matches()) {
                jmhProfiles.computeIfAbsent(parent, k -> new ArrayList<>()).add(file);
            } else if (JMH_FOLDER.matcher(parent).matches() && JMH_RENDERING.matcher(name).matches()) {
                renderings++;
            } else if (isProfile(file)) {
                files.put(relative(folder, file), file);
            } else {
                notProfiles.add(relative(folder, file));
            }
        }
        if (renderings > 0) {
            notes.add(renderings + " of JMH's own renderings (summary-*.txt, flame-*.html, tree-*.html) not read:"
                    + " flamediff reads the jfr-*.jfr or collapsed-*.csv recordings beside them");
        }
        if (!notProfiles.isEmpty()) {
            notes.add("not a profile or JMH results, not used: " + String.join(", ", notProfiles));
        }
        Map<String, List<Path>> chosen = new TreeMap<>();
        jmhProfiles.forEach((key, found) -> chosen.put(key, choose(folder, key, found, notes)));
        return new SideContents(folder, readResults(results), chosen, files, notes);
    }

    private Map<String, JmhResult> readResults(List<Path> files) throws SuiteInputException, IOException {
        Map<String, JmhResult> byKey = new TreeMap<>();
        for (Path file : files) {
            if (!Files.isRegularFile(file)) {
                throw new SuiteInputException(file + ": no such file", null);
            }
            for (JmhResult r : resultsReader.read(file)) {
                byKey.merge(r.key(), r, JmhResult::withForksOf);
            }
        }
        return byKey;
    }

    /**
     * Picks one recording per JMH run of a benchmark: JFR when there is one (it has thread names,
     * so the diff can keep JMH's worker threads), {@code jfr-cpu.jfr} among several events.
     */
    private static List<Path> choose(Path folder, String key, List<Path> found, List<String> notes) {
        Map<Path, List<Path>> byRun = new TreeMap<>();
        for (Path p : found) {
            byRun.computeIfAbsent(p.getParent(), k -> new ArrayList<>()).add(p);
        }
        List<Path> out = new ArrayList<>();
        for (List<Path> run : byRun.values()) {
            Path best = run.stream().min(java.util.Comparator.comparingInt(SuiteLayout::rank)
                    .thenComparing(java.util.Comparator.naturalOrder())).orElseThrow();
            out.add(best);
            for (Path other : run) {
                if (!other.equals(best)) {
                    notes.add(relative(folder, other) + ": not compared (" + best.getFileName() + " is)");
                }
            }
        }
        return out;
    }

    private static int rank(Path p) {
        String name = p.getFileName().toString();
        if (name.equals("jfr-cpu.jfr")) {
            return 0;
        }
        return name.endsWith(".jfr") ? 1 : name.equals("collapsed-cpu.csv") ? 2 : 3;
    }

    private boolean isProfile(Path file) {
        try (ProfileInput input = ProfileInput.of(file, limits)) {
            ReaderRegistry.defaults().detect(input);
            return true;
        } catch (ProfileException | IOException | RuntimeException e) {
            return false;
        }
    }

    private static boolean hidden(Path folder, Path file) {
        for (Path part : folder.relativize(file)) {
            if (part.toString().startsWith(".")) {
                return true;
            }
        }
        return false;
    }

    /** Returns the path relative to the folder with {@code /} separators. */
    static String relative(Path folder, Path file) {
        StringBuilder s = new StringBuilder();
        for (Path part : folder.relativize(file)) {
            if (s.length() > 0) {
                s.append('/');
            }
            s.append(part);
        }
        return s.toString();
    }
}
