# bash completion for modak. Installed to share/bash-completion/completions/modak.
# Subcommands, their options, option values (formats, emit kinds, colours, catalogue sections),
# .modak files for paths, .json for `import`, directories for -o.
# COMPREPLY=($(compgen …)) is the completion idiom; the words offered never hold blanks.
# shellcheck disable=SC2207
_modak() {
  local cur prev words cword
  _init_completion 2>/dev/null || {
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    words=("${COMP_WORDS[@]}")
    cword=$COMP_CWORD
  }
  local commands="check fmt import plan predict generate catalog model bench lsp"
  local command="" i
  for ((i = 1; i < cword; i++)); do
    case ${words[i]} in -*) ;; *) command=${words[i]}; break ;; esac
  done
  if [[ -z $command ]]; then
    COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
    return
  fi
  case $prev in
    --format)
      case $command in
        check) COMPREPLY=($(compgen -W "text json sarif" -- "$cur")) ;;
        plan) COMPREPLY=($(compgen -W "text json html" -- "$cur")) ;;
        *) COMPREPLY=($(compgen -W "text json" -- "$cur")) ;;
      esac
      return ;;
    --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    --emit)
      local kinds="slurm torque pbs lsf flux script build tosca csar terraform k8s singularity docker skypilot dstack"
      local prefix="" last=$cur
      [[ $cur == *,* ]] && prefix=${cur%,*}, && last=${cur##*,}
      COMPREPLY=($(compgen -P "$prefix" -W "$kinds" -- "$last"))
      compopt -o nospace 2>/dev/null
      return ;;
    -o | --output)
      if [[ $command == generate ]]; then COMPREPLY=($(compgen -d -- "$cur")); else COMPREPLY=($(compgen -f -- "$cur")); fi
      return ;;
    --import-root) COMPREPLY=($(compgen -d -- "$cur")); return ;;
    --catalog | --calibration) COMPREPLY=($(compgen -f -X '!*.json' -- "$cur") $(compgen -d -- "$cur")); return ;;
    --build) COMPREPLY=($(compgen -W "hub pip source" -- "$cur")); return ;;
    --kernel) COMPREPLY=($(compgen -W "train-step stream allreduce app" -- "$cur")); return ;;
    --transport) COMPREPLY=($(compgen -W "tcp mpi" -- "$cur")); return ;;
    --graph-compiler) COMPREPLY=($(compgen -W "none xla ngraph glow inductor" -- "$cur")); return ;;
    --precision) COMPREPLY=($(compgen -W "fp32 fp16 bf16 tf32 mixed fp8 fp64" -- "$cur")); return ;;
    --framework) COMPREPLY=($(compgen -W "tensorflow pytorch keras mxnet cntk jax" -- "$cur")); return ;;
    --deployment | --name | --workload | --gpu | --cpu | --version | --nodes | --gpus-per-node | --sockets | \
      --interconnect | --batch-per-device | --samples | --storage | --sweep | --array-limit | --max-parallel | --scale | --steps | \
      --max-bytes | --image) return ;;
  esac
  local options
  case $command in
    check) options="--format --werror --import-root --color --help" ;;
    fmt) options="--check --stdout --color --help" ;;
    import) options="-o --output --name -f --force --color --help" ;;
    plan) options="--deployment --format -o --output --catalog --calibration --import-root --color --help" ;;
    predict) options="--workload --framework --version --build --graph-compiler --precision --gpu --cpu --gpus-per-node
                      --sockets --nodes --interconnect --batch-per-device --samples --storage --format --catalog --calibration --help" ;;
    generate) options="-o --output --deployment --emit --catalog --calibration --import-root --check --color --help" ;;
    catalog) options="--format --catalog --color --help"
      [[ $cur != -* ]] && { COMPREPLY=($(compgen -W "images hardware workloads" -- "$cur")); return; } ;;
    model) options="--help"
      [[ $cur != -* ]] && { COMPREPLY=($(compgen -W "fit report" -- "$cur")); return; } ;;
    bench) options="--deployment --sweep --kernel -o --output --array-limit --max-parallel --workload --scale --steps --shared
                    --max-bytes --transport --image --catalog --import-root --color --help"
      [[ $cur != -* && $prev == bench ]] && { COMPREPLY=($(compgen -W "run record collect best" -- "$cur") $(compgen -f -X '!*.modak' -- "$cur")); return; } ;;
    lsp) options="--stdio --lit-test --verbose --help" ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$options" -- "$cur"))
  elif [[ $command == import ]]; then
    COMPREPLY=($(compgen -f -X '!*.json' -- "$cur") $(compgen -d -- "$cur"))
  elif [[ $command != lsp ]]; then
    COMPREPLY=($(compgen -f -X '!*.modak' -- "$cur") $(compgen -d -- "$cur"))
  fi
}
complete -o filenames -F _modak modak
