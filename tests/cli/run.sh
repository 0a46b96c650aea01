#!/bin/sh
echo "cli tests: not yet"
