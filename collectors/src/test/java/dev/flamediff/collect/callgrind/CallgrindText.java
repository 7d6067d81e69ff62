package dev.flamediff.collect.callgrind;

import dev.flamediff.collect.Profiles;
import dev.flamediff.collect.ReadOptions;
import dev.flamediff.model.Profile;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

/** Reads hand-written callgrind text through the default registry, as a user's file would be. */
final class CallgrindText {

    private CallgrindText() {
    }

    static Profile read(String text) throws Exception {
        return read(text, ReadOptions.DEFAULT);
    }

    static Profile read(String text, ReadOptions options) throws Exception {
        return Profiles.read("hand.callgrind", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), options);
    }
}
