#!/usr/bin/env bash
# rootfs.sh OUT JDK: makes the lab image's base file system in OUT, with no registry and no daemon:
#  - the shared libraries a JRE needs (glibc, libgcc, libstdc++, zlib), copied from the Debian
#    packages installed on this machine that own them (dpkg -L), at their own paths, links resolved;
#  - a JRE at /opt/java, made by jlink from JDK (the one that builds the lab, so it was built against
#    these very libraries), with every module of the JDK: the runner, the fleet, the probe and the
#    demo providers, Dubbo and the Nacos clients all run on it;
#  - the directories a process expects: /tmp, /proc and /dev (mounted by the container runtime), and
#    /var/lib/upgrade-lab, the image's working directory.
# Debian or Ubuntu only (dpkg); elsewhere, build the lab without the image: -Dlab.image.skip.
set -euo pipefail
out="$1"
jdk="$2"
packages=(libc6 libgcc-s1 libstdc++6 zlib1g)

if ! command -v dpkg >/dev/null; then
  echo "rootfs.sh: the lab image's base is made from installed Debian packages, and dpkg is not here" >&2
  exit 1
fi
if [[ ! -x "$jdk/bin/jlink" || ! -d "$jdk/jmods" ]]; then
  echo "rootfs.sh: $jdk has no bin/jlink or no jmods/: the image's JRE is made by jlink from a full JDK" >&2
  exit 1
fi
arch="$(dpkg --print-architecture)"
rm -rf "$out"
mkdir -p "$out"

copied=0
for package in "${packages[@]}"; do
  if ! files="$(dpkg -L "$package:$arch" 2>/dev/null)"; then
    echo "rootfs.sh: Debian package $package:$arch is not installed (apt-get install $package)" >&2
    exit 1
  fi
  while IFS= read -r file; do
    case "$file" in /usr/share/*|/etc/*) continue ;; esac
    if [[ -f "$file" ]]; then
      cp -L --parents "$file" "$out"   # a link becomes the file it names: Jib keeps no links
      copied=$((copied + 1))
    fi
  done <<< "$files"
done

"$jdk/bin/jlink" --module-path "$jdk/jmods" --add-modules ALL-MODULE-PATH \
  --strip-debug --no-man-pages --no-header-files --compress=2 --output "$out/opt/java"

mkdir -p "$out/tmp" "$out/proc" "$out/dev" "$out/etc" "$out/var/lib/upgrade-lab"
printf 'root:x:0:0:root:/root:/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\n' > "$out/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' > "$out/etc/group"
echo "rootfs.sh: $out: $copied files of ${packages[*]} ($arch), a JRE by jlink of $jdk ($(du -sh "$out/opt/java" | cut -f1))"
