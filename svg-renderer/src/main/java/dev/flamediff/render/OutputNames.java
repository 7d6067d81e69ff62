package dev.flamediff.render;

/**
 * The longest frame name an output writes. Frame names come from the inputs and may be as long as
 * the readers' name limit (65,536 characters), and every output writes a name per node or per
 * stack frame (the SVG in a label, a tooltip and the function list, the Markdown report in its
 * tables and call paths): a 97 KB recording of stacks 16,384 frames deep with 65,000-character names
 * wrote 2.1 GB of JSON. Longer names are cut, visibly, and stay distinct from their first
 * {@link #MAX_CHARS} characters alone. Stateless.
 */
public final class OutputNames {

    /** Real names, C++ templates included, stay under a few thousand characters. */
    public static final int MAX_CHARS = 8192;

    private OutputNames() {
    }

    /**
     * Returns the name, or its first {@link #MAX_CHARS} characters (never half a surrogate pair)
     * followed by {@code …[+N chars]} when it is longer.
     */
    public static String capped(String name) {
        if (name.length() <= MAX_CHARS) {
            return name;
        }
        int cut = MAX_CHARS;
        if (Character.isHighSurrogate(name.charAt(cut - 1))) {
            cut--;
        }
        return name.substring(0, cut) + "\u2026[+" + (name.length() - cut) + " chars]";
    }
}
