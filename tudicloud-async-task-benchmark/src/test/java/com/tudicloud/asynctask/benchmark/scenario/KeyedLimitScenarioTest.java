package com.tudicloud.asynctask.benchmark.scenario;

import com.tudicloud.asynctask.benchmark.db.TaskTable.KeyedRun;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class KeyedLimitScenarioTest {

    @Test
    void runsOfOneKeyThatOverlapAreCountedAndAFinishAtAStartIsNot() {
        List<KeyedRun> runs = List.of(
                new KeyedRun("a", 0, 10), new KeyedRun("a", 5, 15), new KeyedRun("a", 10, 20),
                new KeyedRun("b", 0, 30), new KeyedRun("b", 1, 2), new KeyedRun("b", 1, 3), new KeyedRun("c", 7, 7));

        assertThat(KeyedLimitScenario.mostAtOnce(runs)).isEqualTo(3);
        assertThat(KeyedLimitScenario.mostAtOnce(runs.subList(0, 3))).isEqualTo(2);
        assertThat(KeyedLimitScenario.mostAtOnce(List.of(new KeyedRun("a", 0, 5), new KeyedRun("a", 5, 9)))).isEqualTo(1);
        assertThat(KeyedLimitScenario.mostAtOnce(List.of())).isZero();
    }
}
