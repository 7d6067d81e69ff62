package dev.flamediff.collect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FrameNameNormalizerTest {

    private final FrameNameNormalizer normalizer = FrameNameNormalizer.INSTANCE;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // JDK 17 JFR, async-profiler, JDK 25 forms of one lambda
        "fixture.FixtureApp$$Lambda$14+0x0000000800c03a00.1790421142.run | fixture.FixtureApp$$Lambda.run",
        "fixture/FixtureApp$$Lambda$1.0x00007f3ad1000a08.run | fixture/FixtureApp$$Lambda.run",
        "fixture.FixtureApp$$Lambda.0x000071d8e0001000.run | fixture.FixtureApp$$Lambda.run",
        "fixture.FixtureApp$$Lambda/1790421142.run | fixture.FixtureApp$$Lambda.run",
        "jdk.internal.reflect.GeneratedMethodAccessor12.invoke | jdk.internal.reflect.GeneratedMethodAccessor.invoke",
        "jdk.internal.reflect.GeneratedSerializationConstructorAccessor3.newInstance | jdk.internal.reflect.GeneratedSerializationConstructorAccessor.newInstance",
        "com.sun.proxy.$Proxy17.handle | com.sun.proxy.$Proxy.handle",
        "app.Service$$EnhancerBySpringCGLIB$$1a2b3c.run | app.Service$$EnhancerBySpringCGLIB.run",
        "java.lang.invoke.LambdaForm$MH.0x0000000800c0c400.invoke | java.lang.invoke.LambdaForm$MH.invoke",
        // names that must pass through
        "java.util.HashMap$Node.getKey | java.util.HashMap$Node.getKey",
        "fixture.FixtureApp.parseRecords | fixture.FixtureApp.parseRecords",
        "Accessor.get | Accessor.get",
        "hex0xZZ.run | hex0xZZ.run",
    })
    void rewritesRunSpecificPartsOnly(String raw, String expected) {
        assertThat(normalizer.normalize(raw)).isEqualTo(expected);
    }

    /**
     * The rules are skipped when their literal is absent; this compares with applying every rule
     * unconditionally, on seeded random names built from the pieces the rules look for.
     */
    @Test
    void skippingRulesChangesNoResult() {
        List<String> pieces = List.of("a.B", "$", "$$Lambda", "$14", "+0x0000000800c03a00", ".0x7f3a", "/0x1f",
                ".1790421142", "/42", ".run", ";", "GeneratedMethodAccessor", "12", "Accessor", "$Proxy", "7",
                "$$EnhancerByCGLIB$$", "ab12", "$$SpringCGLIB$$", "0x", "x");
        Random random = new Random(20261130);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder name = new StringBuilder();
            int n = 1 + random.nextInt(8);
            for (int k = 0; k < n; k++) {
                name.append(pieces.get(random.nextInt(pieces.size())));
            }
            String raw = name.toString();
            assertThat(normalizer.normalize(raw)).as(raw).isEqualTo(everyRule(raw));
        }
    }

    private static String everyRule(String name) {
        String s = Pattern.compile("(\\$\\$Lambda)\\$\\d+").matcher(name).replaceAll("$1");
        s = Pattern.compile("\\+0x[0-9a-fA-F]+[./]\\d+(?=[.;]|$)").matcher(s).replaceAll("");
        s = Pattern.compile("[./]0x[0-9a-fA-F]+(?=[.;]|$)").matcher(s).replaceAll("");
        s = Pattern.compile("(\\$\\$Lambda)[./]\\d+(?=[.;]|$)").matcher(s).replaceAll("$1");
        s = Pattern.compile("(GeneratedMethodAccessor|GeneratedConstructorAccessor|GeneratedSerializationConstructorAccessor)\\d+")
                .matcher(s).replaceAll("$1");
        s = Pattern.compile("\\$Proxy\\d+").matcher(s).replaceAll("\\$Proxy");
        return Pattern.compile("\\$\\$(EnhancerBySpringCGLIB|EnhancerByCGLIB|FastClassBySpringCGLIB|FastClassByCGLIB|SpringCGLIB)\\$\\$[0-9a-f]+")
                .matcher(s).replaceAll("\\$\\$$1");
    }
}
