#!/bin/sh
# Stands in, in check_setup.sh, for the commands through which setup.sh changes a machine
# (dpkg-query, apt-get, sudo, cmake, python3 and the .venv's python): it writes how it was called
# to $FAKE_LOG, says that no Debian package is installed, runs what sudo is given (among these
# fakes), and makes a venv of fakes.
name=$(basename "$0")
echo "$name $*" >>"$FAKE_LOG"
case "$name" in
  sudo) exec "$@" ;;
  dpkg-query) exit 1 ;;
  python3 | python)
    if [ "$1 $2" = "-m venv" ]; then
      mkdir -p "$3/bin" && ln -sf "$0" "$3/bin/python"
    elif [ "$1 $2" = "-m pybind11" ]; then
      echo /pybind11/cmake
    fi
    ;;
esac
exit 0
