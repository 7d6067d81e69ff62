package dev.flamediff.cli;

import java.util.Set;

/** Tells from the raw arguments whether a run may use a subcommand (including in its help). */
final class SubcommandUse {

    private static final Set<String> NAMES = Set.of("suite", "agent-path");

    private SubcommandUse() {
    }

    /**
     * True when an argument is a subcommand's name, or asks for help: {@code --help}, or a cluster
     * of short options with {@code h} ({@code -h}, {@code -vh}). A file named like a subcommand
     * counts too, as picocli would take it for the subcommand.
     */
    static boolean possible(String[] args) {
        for (String arg : args) {
            if (NAMES.contains(arg) || arg.equals("--help") || arg.startsWith("--help=")
                    || (arg.length() > 1 && arg.charAt(0) == '-' && arg.charAt(1) != '-' && arg.indexOf('h') > 0)) {
                return true;
            }
        }
        return false;
    }
}
