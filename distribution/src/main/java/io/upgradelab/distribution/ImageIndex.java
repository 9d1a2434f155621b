package io.upgradelab.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

/**
 * Joins single-architecture OCI image layouts (one Jib {@code buildTar} per architecture: Jib builds a
 * multi-architecture image only into a registry, and the lab's build has none) into one layout whose
 * image index names each by its platform, as {@code docker buildx --output type=oci} would: Docker,
 * podman, containerd (kind) and skopeo then take the one for their machine from the same file.
 *
 * <p>The index carries the image's name twice: {@code org.opencontainers.image.ref.name} (podman,
 * skopeo) and {@code io.containerd.image.name} (Docker, containerd), both fully qualified, so that
 * {@code upgrade-lab:1.0} loads as {@code docker.io/library/upgrade-lab:1.0}: the name Docker shows as
 * {@code upgrade-lab:1.0} and a kubelet pulls {@code image: upgrade-lab:1.0} as.
 *
 * <p>Usage: {@code ImageIndex OUT.tar NAME IMAGE.tar...}
 */
public final class ImageIndex {

    static final String INDEX = "application/vnd.oci.image.index.v1+json";
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Index, manifests and configurations are kilobytes; layers are megabytes and only copied. */
    private static final long SMALL = 1 << 20;

    /** One architecture's image: its layout's tar and its manifest's descriptor and platform. */
    record Image(Path tar, String manifestDigest, long manifestSize, String manifestType, String os,
                 String architecture) {
    }

    private ImageIndex() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            throw new IllegalArgumentException("usage: ImageIndex OUT.tar NAME IMAGE.tar...");
        }
        List<Image> images = new ArrayList<>();
        for (int i = 2; i < args.length; i++) {
            images.add(read(Path.of(args[i])));
        }
        Path out = Path.of(args[0]);
        write(out, args[1], images);
        System.out.println("ImageIndex: " + out + ": " + qualified(args[1]) + " for "
                + String.join(", ", images.stream().map(i -> i.os() + "/" + i.architecture()).toList()));
    }

    /** The name as Docker and containerd qualify it: {@code upgrade-lab:1} is {@code docker.io/library/upgrade-lab:1}. */
    static String qualified(String name) {
        int slash = name.indexOf('/');
        String first = slash < 0 ? "" : name.substring(0, slash);
        boolean hasRegistry = first.contains(".") || first.contains(":") || first.equals("localhost");
        if (hasRegistry) {
            return name;
        }
        return slash < 0 ? "docker.io/library/" + name : "docker.io/" + name;
    }

    static Image read(Path tar) throws IOException {
        Map<String, byte[]> small = new HashMap<>();
        try (TarArchiveInputStream in = new TarArchiveInputStream(Files.newInputStream(tar))) {
            for (TarArchiveEntry entry; (entry = in.getNextEntry()) != null; ) {
                if (entry.isFile() && entry.getSize() <= SMALL) {
                    small.put(entry.getName(), in.readAllBytes());
                }
            }
        }
        JsonNode index = JSON.readTree(required(small, "index.json", tar));
        if (index.path("manifests").size() != 1) {
            throw new IOException(tar + ": an image layout of one image expected, " + index.path("manifests").size() + " found");
        }
        JsonNode manifest = index.path("manifests").get(0);
        String digest = manifest.path("digest").asText();
        JsonNode config = JSON.readTree(required(small, blob(digest), tar)).path("config");
        JsonNode platform = JSON.readTree(required(small, blob(config.path("digest").asText()), tar));
        return new Image(tar, digest, manifest.path("size").asLong(), manifest.path("mediaType").asText(),
                platform.path("os").asText(), platform.path("architecture").asText());
    }

    static void write(Path out, String name, List<Image> images) throws IOException {
        byte[] platforms = JSON.writeValueAsBytes(platforms(images));
        String platformsDigest = "sha256:" + sha256(platforms);
        ObjectNode index = JSON.createObjectNode().put("schemaVersion", 2).put("mediaType", INDEX);
        ObjectNode entry = index.putArray("manifests").addObject().put("mediaType", INDEX)
                .put("digest", platformsDigest).put("size", platforms.length);
        entry.putObject("annotations").put("org.opencontainers.image.ref.name", qualified(name))
                .put("io.containerd.image.name", qualified(name));
        Path partial = out.resolveSibling(out.getFileName() + ".partial");
        Files.createDirectories(out.toAbsolutePath().getParent());
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(Files.newOutputStream(partial))) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
            put(tar, "oci-layout", "{\"imageLayoutVersion\":\"1.0.0\"}".getBytes());
            Set<String> written = new HashSet<>();
            for (Image image : images) {
                copyBlobs(image.tar(), tar, written);
            }
            put(tar, blob(platformsDigest), platforms);
            put(tar, "index.json", JSON.writeValueAsBytes(index));
        }
        Files.move(partial, out, StandardCopyOption.REPLACE_EXISTING);
    }

    private static ObjectNode platforms(List<Image> images) {
        ObjectNode platforms = JSON.createObjectNode().put("schemaVersion", 2).put("mediaType", INDEX);
        ArrayNode manifests = platforms.putArray("manifests");
        for (Image image : images) {
            ObjectNode manifest = manifests.addObject().put("mediaType", image.manifestType())
                    .put("digest", image.manifestDigest()).put("size", image.manifestSize());
            manifest.putObject("platform").put("architecture", image.architecture()).put("os", image.os());
        }
        return platforms;
    }

    /** Each blob of {@code from} not already in {@code to}: layers the images share are stored once. */
    private static void copyBlobs(Path from, TarArchiveOutputStream to, Set<String> written) throws IOException {
        try (TarArchiveInputStream in = new TarArchiveInputStream(Files.newInputStream(from))) {
            for (TarArchiveEntry entry; (entry = in.getNextEntry()) != null; ) {
                if (entry.isFile() && entry.getName().startsWith("blobs/") && written.add(entry.getName())) {
                    TarArchiveEntry copy = new TarArchiveEntry(entry.getName());
                    copy.setSize(entry.getSize());
                    copy.setModTime(entry.getModTime());
                    to.putArchiveEntry(copy);
                    in.transferTo(to);
                    to.closeArchiveEntry();
                }
            }
        }
    }

    private static void put(TarArchiveOutputStream tar, String name, byte[] content) throws IOException {
        TarArchiveEntry entry = new TarArchiveEntry(name);
        entry.setSize(content.length);
        entry.setModTime(0);
        tar.putArchiveEntry(entry);
        tar.write(content);
        tar.closeArchiveEntry();
    }

    private static byte[] required(Map<String, byte[]> small, String name, Path tar) throws IOException {
        byte[] content = small.get(name);
        if (content == null) {
            throw new IOException(tar + ": no " + name + " in this image layout");
        }
        return content;
    }

    static String blob(String digest) {
        return "blobs/" + digest.replace(':', '/');
    }

    private static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
