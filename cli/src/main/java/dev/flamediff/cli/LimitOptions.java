package dev.flamediff.cli;

import dev.flamediff.collect.InputLimits;
import dev.flamediff.model.TreeLimits;
import picocli.CommandLine.Model.OptionSpec;

/** The limits for untrusted input, flags that map onto {@link InputLimits}. */
final class LimitOptions {

    private final OptionSpec maxBytes;
    private final OptionSpec maxGzipRatio;
    private final OptionSpec maxNameLength;
    private final OptionSpec maxDepth;
    private final OptionSpec maxNodes;

    /** Declares the flags on the command, in this order. */
    LimitOptions(Flags flags) {
        maxBytes = flags.add(Flags.valued("N", Long.class, "--max-bytes")
                .description("read at most N (decompressed) bytes of each input; default 4 GiB"));
        maxGzipRatio = flags.add(Flags.valued("N", Integer.class, "--max-gzip-ratio")
                .description("reject gzip input that expands more than N times; default 200"));
        maxNameLength = flags.add(Flags.valued("N", Integer.class, "--max-name-length")
                .description("reject frame names longer than N characters; default 65536"));
        maxDepth = flags.add(Flags.valued("N", Integer.class, "--max-depth")
                .description("reject stacks deeper than N frames; default 16384"));
        maxNodes = flags.add(Flags.valued("N", Integer.class, "--max-nodes")
                .description("reject profiles whose call tree has more than N nodes; default 20000000"));
    }

    /**
     * Returns the defaults of {@link InputLimits#DEFAULT} with the limits the flags set.
     *
     * @throws CliFailure (exit code 2) for a limit of 0 or less
     */
    InputLimits inputLimits() throws CliFailure {
        InputLimits limits = InputLimits.DEFAULT;
        TreeLimits tree = limits.tree();
        Long bytes = maxBytes.getValue();
        Integer gzipRatio = maxGzipRatio.getValue();
        Integer nameLength = maxNameLength.getValue();
        Integer depth = maxDepth.getValue();
        Integer nodes = maxNodes.getValue();
        if (bytes != null) {
            limits = limits.withMaxBytes(FlagValues.positive("--max-bytes", bytes));
        }
        if (gzipRatio != null) {
            limits = limits.withMaxGzipRatio((int) FlagValues.positive("--max-gzip-ratio", gzipRatio));
        }
        if (nameLength != null) {
            limits = limits.withMaxNameLength((int) FlagValues.positive("--max-name-length", nameLength));
        }
        if (depth != null) {
            tree = tree.withMaxDepth((int) FlagValues.positive("--max-depth", depth));
        }
        if (nodes != null) {
            tree = tree.withMaxNodes((int) FlagValues.positive("--max-nodes", nodes));
        }
        return limits.withTree(tree);
    }
}
