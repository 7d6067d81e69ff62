package dev.flamediff.collect.collapsed;

import dev.flamediff.collect.ProfileInput;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.CallTree;
import dev.flamediff.model.Frame;
import dev.flamediff.model.Profile;
import dev.flamediff.model.ProfileException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Test helpers: read collapsed text, and list a tree's stacks independently of the writer. */
final class CollapsedText {

    private CollapsedText() {
    }

    /** Reads the text with the reader alone (no detection), as the input named {@code t.collapsed}. */
    static Profile read(String text) throws IOException, ProfileException {
        return read(text, ReadOptions.DEFAULT);
    }

    static Profile read(String text, ReadOptions options) throws IOException, ProfileException {
        return read(text.getBytes(StandardCharsets.UTF_8), options);
    }

    static Profile read(byte[] bytes, ReadOptions options) throws IOException, ProfileException {
        try (ProfileInput input = ProfileInput.of("t.collapsed", new ByteArrayInputStream(bytes), options.limits())) {
            return new CollapsedReader().read(input, options);
        }
    }

    /**
     * Returns one line per node with a self value or without children, in pre-order:
     * {@code name<KIND>;name<KIND> self}, the kind left out when unknown.
     */
    static List<String> stacks(CallTree tree) {
        List<String> out = new ArrayList<>();
        for (int node = 1; node < tree.size(); node++) {
            if (tree.self(0, node) != 0 || tree.firstChild(node) < 0) {
                StringBuilder sb = new StringBuilder();
                for (Frame f : tree.path(node)) {
                    if (sb.length() > 0) {
                        sb.append(';');
                    }
                    sb.append(f.name());
                    if (f.kind() != dev.flamediff.model.FrameKind.UNKNOWN) {
                        sb.append('<').append(f.kind()).append('>');
                    }
                }
                out.add(sb.append(' ').append(tree.self(0, node)).toString());
            }
        }
        return out;
    }

    /** Returns the total of the node reached by following frame names from the root, or -1. */
    static long totalAt(CallTree tree, String... names) {
        int node = 0;
        for (String name : names) {
            int c = tree.firstChild(node);
            while (c >= 0 && !tree.frame(c).name().equals(name)) {
                c = tree.nextSibling(c);
            }
            if (c < 0) {
                return -1;
            }
            node = c;
        }
        return tree.total(0, node);
    }
}
