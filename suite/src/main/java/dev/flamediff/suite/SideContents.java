package dev.flamediff.suite;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one side's folder holds, as {@link SuiteLayout} found it.
 *
 * @param folder the side's folder
 * @param results JMH's results by benchmark key (forks of several result files merged)
 * @param jmhProfiles the recordings in JMH's per-benchmark folders, by benchmark key
 * @param files every other profile file, by its path relative to the folder ({@code /}-separated)
 * @param notes what was found and not used, one line each (for example a log file), never silent
 */
public record SideContents(Path folder, Map<String, JmhResult> results, Map<String, List<Path>> jmhProfiles,
                           Map<String, Path> files, List<String> notes) {

    /** Copies the maps, sorted by key, and the notes. */
    public SideContents {
        results = Collections.unmodifiableMap(new TreeMap<>(results));
        TreeMap<String, List<Path>> profiles = new TreeMap<>();
        jmhProfiles.forEach((k, v) -> profiles.put(k, List.copyOf(v)));
        jmhProfiles = Collections.unmodifiableMap(profiles);
        files = Collections.unmodifiableMap(new TreeMap<>(files));
        notes = List.copyOf(notes);
    }
}
