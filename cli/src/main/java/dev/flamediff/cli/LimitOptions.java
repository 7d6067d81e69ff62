package dev.flamediff.cli;

import dev.flamediff.collect.InputLimits;
import dev.flamediff.model.TreeLimits;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The limits for untrusted input, a picocli mixin that maps onto {@link InputLimits}. */
// Not a command: the annotation only spares picocli a search of its methods for subcommands.
@Command(addMethodSubcommands = false)
final class LimitOptions {

    @Option(names = "--max-bytes", paramLabel = "N",
            description = "read at most N (decompressed) bytes of each input; default 4 GiB")
    private Long maxBytes;

    @Option(names = "--max-gzip-ratio", paramLabel = "N",
            description = "reject gzip input that expands more than N times; default 200")
    private Integer maxGzipRatio;

    @Option(names = "--max-name-length", paramLabel = "N",
            description = "reject frame names longer than N characters; default 65536")
    private Integer maxNameLength;

    @Option(names = "--max-depth", paramLabel = "N", description = "reject stacks deeper than N frames; default 16384")
    private Integer maxDepth;

    @Option(names = "--max-nodes", paramLabel = "N",
            description = "reject profiles whose call tree has more than N nodes; default 20000000")
    private Integer maxNodes;

    /**
     * Returns the defaults of {@link InputLimits#DEFAULT} with the limits the flags set.
     *
     * @throws CliFailure (exit code 2) for a limit of 0 or less
     */
    InputLimits inputLimits() throws CliFailure {
        InputLimits limits = InputLimits.DEFAULT;
        TreeLimits tree = limits.tree();
        if (maxBytes != null) {
            limits = limits.withMaxBytes(FlagValues.positive("--max-bytes", maxBytes));
        }
        if (maxGzipRatio != null) {
            limits = limits.withMaxGzipRatio((int) FlagValues.positive("--max-gzip-ratio", maxGzipRatio));
        }
        if (maxNameLength != null) {
            limits = limits.withMaxNameLength((int) FlagValues.positive("--max-name-length", maxNameLength));
        }
        if (maxDepth != null) {
            tree = tree.withMaxDepth((int) FlagValues.positive("--max-depth", maxDepth));
        }
        if (maxNodes != null) {
            tree = tree.withMaxNodes((int) FlagValues.positive("--max-nodes", maxNodes));
        }
        return limits.withTree(tree);
    }
}
