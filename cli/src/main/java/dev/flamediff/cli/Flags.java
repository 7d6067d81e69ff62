package dev.flamediff.cli;

import java.util.regex.Pattern;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Declares a command's flags on its picocli model in code, in the order its usage text lists them
 * (the commands say {@code sortOptions(false)}), and reads their values after parsing.
 *
 * <p>Why not picocli's annotations: building the model from them took 165 ms of a diff's 270 ms
 * in a fresh JVM (the annotations read by reflection, one dynamic proxy class generated per
 * annotation type, which no class-data archive keeps; benchmarks/README.md, "Small pairs"), the
 * same model built in code 46 ms. Each option class keeps its flags in one place all the same:
 * one field per flag, initialized by {@link #add}, in the order of the usage text.
 */
final class Flags {

    private final CommandSpec command;

    /** Creates the declarations of the command {@code command}'s flags. */
    Flags(CommandSpec command) {
        this.command = command;
    }

    /** Adds the option to the command and returns it, to read its value after parsing. */
    OptionSpec add(OptionSpec.Builder option) {
        OptionSpec built = option.build();
        command.addOption(built);
        return built;
    }

    /** Adds the positional parameter to the command and returns it. */
    PositionalParamSpec add(PositionalParamSpec.Builder parameter) {
        PositionalParamSpec built = parameter.build();
        command.addPositional(built);
        return built;
    }

    /**
     * Adds {@code -h, --help} and {@code -V, --version} as picocli's {@code mixinStandardHelpOptions}
     * declares them (which reads its own annotations): call it after the command's own flags, where
     * picocli lists them.
     */
    void addHelpAndVersion() {
        add(onOff("-h", "--help").usageHelp(true).description("Show this help message and exit."));
        add(onOff("-V", "--version").versionHelp(true).description("Print version information and exit."));
    }

    /** An option that takes a value of {@code type}, shown as {@code label} in the usage text. */
    static OptionSpec.Builder valued(String label, Class<?> type, String... names) {
        return OptionSpec.builder(names).paramLabel(label).type(type);
    }

    /** An option that takes a regular expression ({@link PatternConverter}). */
    static OptionSpec.Builder regex(String... names) {
        return valued("REGEX", Pattern.class, names).converters(new PatternConverter());
    }

    /** An option without a value, true when given. */
    static OptionSpec.Builder onOff(String... names) {
        return OptionSpec.builder(names).type(boolean.class);
    }

    /** Returns whether the on/off option was given. */
    static boolean isOn(OptionSpec option) {
        return Boolean.TRUE.equals(option.getValue());
    }
}
