package io.upgradelab.runner.nacos;

/**
 * A config as one node serves it ({@code GET v1/cs/configs}): what a client reading it gets.
 *
 * @param md5 the node's {@code Content-MD5} for it ("" when it sent none)
 */
public record ServedConfig(String content, String md5) {
}
