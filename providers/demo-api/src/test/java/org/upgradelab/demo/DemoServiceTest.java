package org.upgradelab.demo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DemoServiceTest {

    @Test
    void aConsumerReadsWhichProviderAnsweredFromTheAnswer() {
        String answer = DemoService.answer("probe", "upgrade-lab-demo", "127.0.0.12", 20881, "3.2.19");

        assertThat(answer).isEqualTo("Hello probe from upgrade-lab-demo at 127.0.0.12:20881 (Dubbo 3.2.19)");
        assertThat(DemoService.answeredBy(answer)).isEqualTo("127.0.0.12:20881");
    }

    @Test
    void anAnswerOfAnotherShapeNamesNoProvider() {
        assertThat(DemoService.answeredBy("Hello probe")).isEmpty();
    }
}
