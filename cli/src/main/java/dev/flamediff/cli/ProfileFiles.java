package dev.flamediff.cli;

import java.util.List;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The profiles to diff: {@code BASE HEAD}, or several runs per side with
 * {@code --base a b c --head x y z}, of which {@code BASE HEAD} is the one-run case; or a lone
 * {@code BASE} that is a 3-column file holding both sides.
 */
final class ProfileFiles {

    /**
     * The input files of each side, in the order given; {@code head} is empty when the one file
     * of {@code base} may hold both sides (a 3-column file), which shows once it is read.
     */
    record Inputs(List<String> base, List<String> head) {

        Inputs {
            base = List.copyOf(base);
            head = List.copyOf(head);
        }

        /** Returns whether one file is to hold both sides. */
        boolean oneFile() {
            return head.isEmpty();
        }
    }

    private final PositionalParamSpec base;
    private final PositionalParamSpec head;
    private final OptionSpec baseRuns;
    private final OptionSpec headRuns;

    /** Declares the parameters and flags on the command, in this order. */
    ProfileFiles(Flags flags) {
        base = flags.add(PositionalParamSpec.builder().index("0").arity("0..1").paramLabel("BASE").type(String.class)
                .description("the profile before the change; - reads stdin"));
        head = flags.add(PositionalParamSpec.builder().index("1").arity("0..1").paramLabel("HEAD").type(String.class)
                .description("the profile after the change; - reads stdin; left out when BASE is a 3-column file "
                        + "(stack base head, difffolded.pl's output), which holds both"));
        baseRuns = flags.add(Flags.valued("FILE", List.class, "--base").auxiliaryTypes(String.class).arity("1..*")
                .description("several base runs instead of BASE: a node's value is the mean over the runs, "
                        + "and significance uses the run-to-run spread"));
        headRuns = flags.add(Flags.valued("FILE", List.class, "--head").auxiliaryTypes(String.class).arity("1..*")
                .description("several head runs instead of HEAD (with --base)"));
    }

    /**
     * Returns the inputs given: either the two positional profiles, or a lone one, or
     * {@code --base} and {@code --head}; not both and not half of either.
     *
     * @throws CliFailure (exit code 2) naming the usage problem
     */
    Inputs inputs() throws CliFailure {
        String base = this.base.getValue();
        String head = this.head.getValue();
        List<String> baseRuns = this.baseRuns.getValue();
        List<String> headRuns = this.headRuns.getValue();
        boolean runs = baseRuns != null || headRuns != null;
        String problem = problem(base, head, baseRuns, headRuns);
        boolean mayBeOneFile = base != null && head == null && !runs;
        if (problem != null && !mayBeOneFile) {
            throw CliFailure.badInput(problem + " (see flamediff --help)", null);
        }
        if (runs) {
            return new Inputs(baseRuns, headRuns);
        }
        return new Inputs(List.of(base), head == null ? List.of() : List.of(head));
    }

    private static String problem(String base, String head, List<String> baseRuns, List<String> headRuns) {
        boolean runs = baseRuns != null || headRuns != null;
        if (!runs) {
            if (base == null && head == null) {
                return "Missing required parameters: 'BASE', 'HEAD'";
            }
            return head == null ? "Missing required parameter: 'HEAD'" : null;
        }
        if (base != null) {
            return "give the profiles either as BASE HEAD or with --base and --head, not both";
        }
        if (baseRuns == null || headRuns == null) {
            return baseRuns == null ? "--head needs --base" : "--base needs --head";
        }
        return null;
    }
}
