import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/**
 * The machine's own share of the probe's schedule lag: a thread that only wakes on the probe's
 * schedule (start + i / rate, parked in between, as the probe parks) and records how late each wake
 * is. Run beside the probe at the probe's priority, what it measures is lag no probe code can
 * remove: the hypervisor's steal and the wait for a core.
 *
 *   java bench/WakeupFloor.java SECONDS RATE     prints: floor lag p50 p99 max (ms) and the count
 */
public class WakeupFloor {

    public static void main(String[] args) {
        int seconds = Integer.parseInt(args[0]);
        double rate = Double.parseDouble(args[1]);
        int count = (int) (seconds * rate);
        long[] lagNanos = new long[count];
        long start = System.nanoTime();
        double period = 1e9 / rate;
        for (int i = 0; i < count; i++) {
            long due = start + (long) (i * period);
            for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime()) {
                LockSupport.parkNanos(wait);
            }
            lagNanos[i] = System.nanoTime() - due;
        }
        Arrays.sort(lagNanos);
        System.out.printf("floor %.3f %.3f %.3f %d%n", lagNanos[count / 2] / 1e6,
                lagNanos[(int) Math.ceil(count * 0.99) - 1] / 1e6, lagNanos[count - 1] / 1e6, count);
    }
}
