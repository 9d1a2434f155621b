package io.upgradelab.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class HeapSizesTest {

    @Test
    void heapsAreReadAsXmxReadsThem() {
        assertThat(HeapSizes.bytes("512m")).isEqualTo(512L << 20);
        assertThat(HeapSizes.bytes("1G")).isEqualTo(1L << 30);
        assertThat(HeapSizes.bytes("4096k")).isEqualTo(4L << 20);
        assertThat(HeapSizes.bytes("1048576")).isEqualTo(1L << 20);
    }

    @Test
    void aSizeBeyondTheRangeIsAProblemAndNeverOverflows() {
        assertThat(HeapSizes.problem("1g")).isEmpty();
        assertThat(HeapSizes.problem("1")).hasValue("'1' is outside the heap sizes the lab starts a JVM with, 64m to 1024g");
        assertThat(HeapSizes.problem("9999999999999g")).hasValueSatisfying(p -> assertThat(p).contains("64m to 1024g"));
        assertThat(HeapSizes.bytes("9999999999999g")).isEqualTo(Long.MAX_VALUE);
        assertThat(HeapSizes.problem("1x")).hasValue("'1x' is not a heap size: write it as -Xmx takes it, e.g. 512m or 1g");
        assertThatThrownBy(() -> HeapSizes.bytes("-1g")).isInstanceOf(IllegalArgumentException.class);
    }
}
