package io.upgradelab.runner.observe.configs;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * The configs the lab publishes: their names, and each version's content, of an exact size and
 * different from every other version's, so a node or listener serving an old version is told from
 * one serving the last. ASCII only, so bytes and characters agree, and without trailing whitespace,
 * which a server or client might trim.
 */
public final class ConfigContents {

    /** The group every config of the lab is published in. */
    public static final String GROUP = "UPGRADE_LAB_CONFIGS";
    private static final String PADDING = "abcdefghijklmnopqrstuvwxyz0123456789";

    private ConfigContents() {
    }

    /** The data id of config {@code index} (from 1): {@code lab-config-0007}. */
    public static String dataId(int index) {
        return String.format(Locale.ROOT, "lab-config-%04d", index);
    }

    /** Version {@code version} of {@code dataId}'s content, {@code sizeBytes} long: name and version, then padding. */
    public static String content(String dataId, long version, int sizeBytes) {
        StringBuilder text = new StringBuilder(sizeBytes).append(dataId).append(" version ").append(version)
                .append('\n');
        while (text.length() < sizeBytes) {
            text.append(PADDING.charAt(text.length() % PADDING.length()));
        }
        text.setLength(sizeBytes);
        return text.toString();
    }

    /** The MD5 Nacos gives a content (its {@code Content-MD5}): of its UTF-8 bytes, in lower-case hex. */
    public static String md5(String content) {
        try {
            MessageDigest md5 = MessageDigest.getInstance("MD5");
            return HexFormat.of().formatHex(md5.digest(content.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has MD5", e);
        }
    }
}
