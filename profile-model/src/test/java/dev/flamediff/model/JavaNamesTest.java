package dev.flamediff.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which names a profiler wrote without a kind are a JVM method's, and which are not. */
class JavaNamesTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "java.lang.String.format",
        "java/lang/String.format",
        "fixture.router.RouterApp$HeaderParser.parseHeader",
        "app.App.<init>",
        "java.lang.Object.<clinit>",
        "com.acme.Foo$$Lambda.run",
        "App.lambda$main$0",
        "scala.collection.immutable.List.map",
        "clojure.core$map$fn__5880.invoke",
        "com.acme.Money.plus-Xh2b9",
        "_Foo.bar",
        "java.lang.String[]",
    })
    void aJvmMethodsNameIsOne(String name) {
        assertThat(JavaNames.isMethodName(name)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "finish_task_switch.isra.0",
        "msort_with_tmp.part.0",
        "foo.constprop.0.isra.0",
        "vfprintf.cold",
        "libc.so.6",
        "libjvm.so",
        "node:internal/process/task_queues",
        "JS:~Module._load node:internal/modules/cjs/loader:1000:12",
        "std::vector<int>::push_back",
        "checksum",
        "[unknown]",
        "main.(*Server).handle",
        "process_data (app.py:42)",
        ".hidden",
        "a..b",
        "a.",
    })
    void otherNamesAreNot(String name) {
        assertThat(JavaNames.isMethodName(name)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"java/lang/Thread.run", "java/lang/Thread", "com/sun/proxy/$Proxy12.invoke"})
    void theJvmsInternalSpellingIsRecognized(String name) {
        assertThat(JavaNames.isInternalName(name)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"node:internal/process/task_queues", "/usr/lib/libc.so.6", "java.lang.Thread.run",
        "a//b"})
    void otherSlashedNamesAreNotTheJvmsSpelling(String name) {
        assertThat(JavaNames.isInternalName(name)).isFalse();
    }
}
