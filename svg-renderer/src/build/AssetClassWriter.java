import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Run by the build (svg-renderer/pom.xml, {@code generate-sources}, as a single source file):
 * writes the graph's style sheet and script ({@code src/main/assets}) into a Java class, whose
 * string constants the renderer embeds in every graph. Read as resources instead, they were the
 * only thing a small diff read from the jar, and opening the jar (its directory of some 6,000
 * entries) took 12 ms of such a run; a class comes from the class-data archive with the rest.
 *
 * <p>Arguments: the assets folder and the generated sources' root. The class is rewritten only
 * when its text changes, so an unchanged build does not recompile it.
 */
public final class AssetClassWriter {

    /** Characters per string constant: far below the class file's 65,535 bytes of a constant. */
    private static final int CHUNK = 8_000;

    public static void main(String[] args) throws IOException {
        Path assets = Path.of(args[0]);
        Path out = Path.of(args[1], "dev", "flamediff", "render", "svg", "SvgAssetTexts.java");
        String source = "package dev.flamediff.render.svg;\n\n"
                + "/** The graph's style sheet and script, written by the build from src/main/assets (AssetClassWriter). */\n"
                + "final class SvgAssetTexts {\n\n"
                + "    private SvgAssetTexts() {\n    }\n\n"
                + method("css", "flamediff.css", Files.readString(assets.resolve("flamediff.css"), StandardCharsets.UTF_8))
                + "\n"
                + method("script", "flamediff.js", Files.readString(assets.resolve("flamediff.js"), StandardCharsets.UTF_8))
                + "}\n";
        if (Files.exists(out) && Files.readString(out, StandardCharsets.UTF_8).equals(source)) {
            return;
        }
        Files.createDirectories(out.getParent());
        Files.writeString(out, source, StandardCharsets.UTF_8);
    }

    /** A method returning the text, joined from constants of at most {@link #CHUNK} characters. */
    private static String method(String name, String file, String text) {
        StringBuilder sb = new StringBuilder();
        sb.append("    /** Returns ").append(file).append(". */\n");
        sb.append("    static String ").append(name).append("() {\n");
        sb.append("        return new StringBuilder(").append(text.length()).append(")\n");
        int from = 0;
        while (from < text.length()) {
            int to = Math.min(text.length(), from + CHUNK);
            if (to < text.length() && Character.isHighSurrogate(text.charAt(to - 1))) {
                to--;
            }
            sb.append("                .append(\"").append(literal(text.substring(from, to))).append("\")\n");
            from = to;
        }
        sb.append("                .toString();\n    }\n");
        return sb.toString();
    }

    /**
     * The text as the inside of a Java string literal. Never a Unicode escape for a line break, a
     * quote or a backslash, which javac would turn back into the character before reading the literal.
     */
    private static String literal(String s) {
        StringBuilder sb = new StringBuilder(s.length() + s.length() / 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> sb.append("\\\\");
                case '"' -> sb.append("\\\"");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\%03o", (int) c));
                    } else if (c < 0x7f) {
                        sb.append(c);
                    } else {
                        sb.append(String.format("\\u%04x", (int) c));
                    }
                }
            }
        }
        return sb.toString();
    }
}
