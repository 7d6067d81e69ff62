package dev.flamediff.suite;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The suite's entry point: pair the benchmarks of a base and a head folder, judge and diff each
 * pair, and write the report files. A service that wants the steps apart uses
 * {@link SuiteLayout}, {@link SuitePlan}, {@link SuiteRunner} and the writers directly.
 */
public final class Suites {

    private Suites() {
    }

    /**
     * Plans a suite: scans both folders and pairs what they hold. Reads every JMH result file, so
     * bad input is found before anything is written.
     *
     * @param baseResults JMH result files for base; empty to use those found in the base folder
     * @param headResults likewise for head
     * @throws SuiteInputException if a folder is missing or a result file is not JMH's
     * @throws IOException if a folder cannot be read
     */
    public static SuitePlan plan(Path base, Path head, List<Path> baseResults, List<Path> headResults,
                                 SuiteOptions options) throws SuiteInputException, IOException {
        SuiteLayout layout = new SuiteLayout(options.read().limits());
        SideContents b = layout.scan(base, baseResults);
        SideContents h = layout.scan(head, headResults);
        return SuitePlan.pair(b, h);
    }

    /**
     * Runs a planned suite and writes its files: a graph per benchmark (as it goes), then
     * {@code report.md}, {@code suite.json} and {@code index.html}.
     *
     * @return the report
     * @throws IOException if an output file cannot be written
     */
    public static SuiteReport run(SuitePlan plan, SuiteOptions options, SuiteOutput out) throws IOException {
        SuiteReport report = new SuiteRunner(options).run(plan, out);
        SuiteLinks links = new SuiteLinks(options.linkBase());
        out.write("report.md", o -> new SuiteMarkdownWriter(links).write(report, o));
        out.write("suite.json", o -> new SuiteJsonWriter(links).write(report, o));
        out.write("index.html", o -> new SuiteIndexWriter(links).write(report, o));
        return report;
    }

    /** Returns the report's plain one-line headline, for a terminal. */
    public static String headline(SuiteReport report) {
        return SuiteHeadline.plain(report);
    }
}
