#!/usr/bin/env bash
# rootfs.sh OUT ARCH CACHE JDK: makes the lab image's base file system for one architecture (amd64,
# arm64) in OUT, with no registry and no daemon, from Debian 12 (bookworm) packages of that
# architecture, downloaded by apt-get into CACHE with a private state (no change to this machine's apt,
# no root needed, no other architecture added to dpkg):
#  - the shared libraries a JRE needs (glibc, libgcc, libstdc++, zlib), at their own paths, links
#    resolved inside the package (Jib keeps no links);
#  - a JRE at /opt/java, made by JDK's jlink from the jmods of Debian's openjdk-17-jdk-headless for
#    ARCH (jlink links any platform's jmods of its own feature release), with every module: the runner,
#    the fleet, the probe and the demo providers, Dubbo and the Nacos clients all run on it;
#  - BusyBox (busybox-static) as /bin/sh and /bin/tar: 'kubectl exec' has a shell and 'kubectl cp'
#    gets a run's files out;
#  - the user the image runs as, upgrade-lab (65532:65532), and the directories a process expects:
#    /tmp, /proc and /dev (mounted by the container runtime), and /var/lib/upgrade-lab, the working
#    directory.
# Debian or Ubuntu build machines only (apt-get, dpkg-deb); elsewhere, build without the image:
# -Dlab.image.skip.
set -euo pipefail
out="$1"
arch="$2"
cache="$3"
jdk="$4"
suite=bookworm
libraries=(libc6 libgcc-s1 libstdc++6 zlib1g)
jdk_package=openjdk-17-jdk-headless

for tool in apt-get dpkg-deb; do
  command -v "$tool" >/dev/null || { echo "rootfs.sh: the lab image's base is made from Debian packages, and $tool is not here" >&2; exit 1; }
done
[[ -x "$jdk/bin/jlink" ]] || { echo "rootfs.sh: $jdk has no bin/jlink: the image's JRE is made by jlink" >&2; exit 1; }

# apt-get with a state of its own under CACHE: Debian's archive, one architecture, this machine untouched
apt_dir="$cache/apt-$arch"
mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial" "$apt_dir/debs"
printf 'deb http://deb.debian.org/debian %s main\ndeb http://deb.debian.org/debian %s-updates main\ndeb http://deb.debian.org/debian-security %s-security main\n' \
  "$suite" "$suite" "$suite" > "$apt_dir/sources.list"
apt_options=(-o "APT::Architecture=$arch" -o "APT::Architectures::=$arch" -o "Dir::Etc::SourceList=$apt_dir/sources.list"
  -o "Dir::Etc::SourceParts=/nonexistent" -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir"
  -o "Dir::State::status=/dev/null" -o "Debug::NoLocking=1" -o "APT::Sandbox::User=$(id -un)")
packages=("${libraries[@]}" busybox-static "$jdk_package")
if ! ls "$apt_dir"/debs/"$jdk_package"_*_"$arch".deb >/dev/null 2>&1; then
  apt-get -qq "${apt_options[@]}" update
  (cd "$apt_dir/debs" && apt-get -qq "${apt_options[@]}" download "${packages[@]/%/:$arch}")
fi

rm -rf "$out" "$apt_dir/unpacked"
mkdir -p "$out" "$apt_dir/unpacked"
for package in "${libraries[@]}" busybox-static; do
  dpkg-deb -x "$apt_dir"/debs/"$package"_*_"$arch".deb "$apt_dir/unpacked"
done
staged="$apt_dir/unpacked"

# each file a library package ships outside /usr/share and /etc, a link becoming the file it names
copied=0
while IFS= read -r -d '' path; do
  relative="${path#"$staged"}"
  case "$relative" in /usr/share/*|/etc/*|/bin/*|/usr/bin/*|/usr/lib/*/gconv/*) continue ;; esac
  source="$path"
  for _ in 1 2 3 4 5 6 7 8; do
    [[ -L "$source" ]] || break
    link="$(readlink "$source")"
    if [[ "$link" == /* ]]; then source="$staged$link"; else source="$(dirname "$source")/$link"; fi
  done
  [[ -f "$source" ]] || { echo "rootfs.sh: $relative names nothing in the $arch packages" >&2; exit 1; }
  mkdir -p "$out$(dirname "$relative")"
  cp "$source" "$out$relative"
  copied=$((copied + 1))
done < <(find "$staged" \( -type f -o -type l \) -print0)

mkdir -p "$out/bin"
cp "$staged/bin/busybox" "$out/bin/busybox"
cp "$staged/bin/busybox" "$out/bin/sh"
cp "$staged/bin/busybox" "$out/bin/tar"

# the JRE: this JDK's jlink, the jmods of ARCH's JDK; Java debug attributes stripped (native stripping
# would need ARCH's objcopy; Debian's libraries are stripped already)
jmods="$apt_dir/jdk"
rm -rf "$jmods"
dpkg-deb -x "$apt_dir"/debs/"$jdk_package"_*_"$arch".deb "$jmods"
"$jdk/bin/jlink" --module-path "$jmods/usr/lib/jvm/java-17-openjdk-$arch/jmods" --add-modules ALL-MODULE-PATH \
  --strip-java-debug-attributes --no-man-pages --no-header-files --compress=2 --output "$out/opt/java" 2>&1 \
  | grep -v "Using incubator modules" || true
[[ -x "$out/opt/java/bin/java" ]] || { echo "rootfs.sh: jlink made no JRE for $arch" >&2; exit 1; }

mkdir -p "$out/tmp" "$out/proc" "$out/dev" "$out/etc" "$out/var/lib/upgrade-lab"
printf 'root:x:0:0:root:/root:/sbin/nologin\nupgrade-lab:x:65532:65532:upgrade-lab:/var/lib/upgrade-lab:/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\n' > "$out/etc/passwd"
printf 'root:x:0:\nupgrade-lab:x:65532:\nnogroup:x:65534:\n' > "$out/etc/group"
echo "rootfs.sh: $out: $copied files of ${libraries[*]} ($arch, Debian $suite), BusyBox, a JRE by jlink of $(grep JAVA_VERSION= "$out/opt/java/release" | cut -d'"' -f2) ($(du -sh "$out/opt/java" | cut -f1))"
