package dev.flamediff.example;

/**
 * Which side of the pretend pull request runs: {@code -Dflamediff.example.variant=base} (the
 * default) or {@code head}. A real project compares two commits; one jar with a switch keeps the
 * example's base and head in one module, and a static final flag lets the JIT drop the branch
 * not taken, so each variant runs only its own code.
 */
final class Variant {

    /** Whether this JVM runs the head variant. */
    static final boolean HEAD = "head".equals(System.getProperty("flamediff.example.variant", "base"));

    private Variant() {
    }
}
