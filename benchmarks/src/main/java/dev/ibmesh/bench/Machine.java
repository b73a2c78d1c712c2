package dev.ibmesh.bench;

import java.lang.management.ManagementFactory;

/** The line every bench prints first, so its figures come with the machine and load they were measured on. */
final class Machine {
    private Machine() {}

    static String line() {
        return String.format(
                "machine: %d cores, %s %s, %s %s, load average %.2f at start, max heap %d MiB",
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.name"),
                System.getProperty("java.version"),
                System.getProperty("os.name"),
                System.getProperty("os.arch"),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().maxMemory() >> 20);
    }
}
