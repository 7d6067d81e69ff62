package dev.flamediff.collect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.flamediff.model.CallTree;
import dev.flamediff.model.Profile;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Root frames that name a process by its id, as perf's stack collapsers write them with --pid or --tid. */
class ProcessRootsTest {

    private static Profile read(String text, ReadOptions options) throws Exception {
        return Profiles.read("perf.folded", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), options);
    }

    private static List<String> roots(CallTree tree) {
        List<String> out = new ArrayList<>();
        for (int r = tree.firstChild(0); r >= 0; r = tree.nextSibling(r)) {
            out.add(tree.frame(r).name() + " " + tree.total(0, r));
        }
        return out;
    }

    @Test
    void processIdsLeaveTheRootsAndTheThreadsOfOneProcessBecomeOneRoot() throws Exception {
        Profile pid = read("prog-31716;main;checksum 560\nprog-31716;main;steady 190\n", ReadOptions.DEFAULT);
        Profile tid = read("prog-31716/31716;main;checksum 560\nprog-31716/31720;main;steady 190\n"
                + "prog-31716/31721;main;steady 10\n", ReadOptions.DEFAULT);

        assertThat(roots(pid.tree())).containsExactly("prog 750");
        assertThat(pid.tree().size()).isEqualTo(5);
        assertThat(pid.metadata().notes()).containsExactly("root frames name processes by their ids (prog-31716, as "
                + "perf's stack collapsers write them with --pid or --tid), which change from run to run: the root "
                + "is matched by process name (prog)");
        assertThat(roots(tid.tree())).containsExactly("prog 760");
        assertThat(tid.metadata().notes()).singleElement().asString().contains("its 3 roots are matched by process name");
    }

    @Test
    void severalProcessesKeepTheirNamesApart() throws Exception {
        Profile p = read("bash-4012;main 3\nprog-31716;main;work 50\nswapper-0;do_idle 20\nprog-31800;main;work 5\n",
                ReadOptions.DEFAULT);

        assertThat(roots(p.tree())).containsExactlyInAnyOrder("bash 3", "prog 55", "swapper 20");
    }

    @Test
    void rootsThatNameThreadsByNumberOrMixWithOtherNamesAreKept() throws Exception {
        String workers = "worker-1;run 5\nworker-2;run 6\nworker-12;run 7\n";
        String mixed = "prog-31716;main 5\nmain;run 6\n";

        assertThat(roots(read(workers, ReadOptions.DEFAULT).tree())).containsExactlyInAnyOrder("worker-1 5", "worker-2 6",
                "worker-12 7");
        assertThat(roots(read(mixed, ReadOptions.DEFAULT).tree())).containsExactlyInAnyOrder("prog-31716 5", "main 6");
        assertThat(read(mixed, ReadOptions.DEFAULT).metadata().notes()).isEmpty();
    }

    @Test
    void namesKeptByteForByteKeepTheIds() throws Exception {
        Profile p = read("prog-31716;main 5\n", ReadOptions.DEFAULT.withNormalizeNames(false));

        assertThat(roots(p.tree())).containsExactly("prog-31716 5");
    }

    @Test
    void theIdIsTheLastDashsDigitsWithAThreadIdAfterASlash() {
        assertThat(ProcessRoots.idStart("prog-31716")).isEqualTo(4);
        assertThat(ProcessRoots.idStart("prog-31716/31720")).isEqualTo(4);
        assertThat(ProcessRoots.idStart("ksoftirqd/0-13")).isEqualTo(11);
        assertThat(ProcessRoots.idStart("my-app-12")).isEqualTo(6);
        assertThat(ProcessRoots.idStart("-12")).isEqualTo(-1);
        assertThat(ProcessRoots.idStart("prog-")).isEqualTo(-1);
        assertThat(ProcessRoots.idStart("prog-12a")).isEqualTo(-1);
        assertThat(ProcessRoots.idStart("prog")).isEqualTo(-1);
    }
}
