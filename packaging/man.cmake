# A man page from a program's own --help text, so the page and --help never disagree (both come
# from the option tables: brawl's OPTION_TABLE, hotmap's command help).
# Usage: cmake -DPROGRAM=path -DNAME=brawl -DSECTION=6 -DSUMMARY="..." -DVERSION=0.2
#              -DCOMMANDS="lint;template" -DOUT=brawl.6 -P man.cmake
# With COMMANDS, each `PROGRAM <command> --help` becomes a subsection too (hotmap's).
function(roff_escape text out)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  # A line that starts with a dot or a quote would be read as a request.
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

function(help_of args out)
  execute_process(COMMAND ${PROGRAM} ${args} --help OUTPUT_VARIABLE text RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${PROGRAM} ${args} --help exited ${rc}")
  endif()
  roff_escape("${text}" text)
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

string(TOUPPER "${NAME}" upper)
help_of("" main)
set(page ".TH ${upper} ${SECTION} \"\" \"hotmap-brawl ${VERSION}\" \"Hotmap Brawl\"\n")
string(APPEND page ".SH NAME\n${NAME} \\- ${SUMMARY}\n")
string(APPEND page ".SH DESCRIPTION\n.nf\n${main}.fi\n")
foreach(command IN LISTS COMMANDS)
  help_of("${command}" sub)
  string(APPEND page ".SS ${NAME} ${command}\n.nf\n${sub}.fi\n")
endforeach()
string(APPEND page ".SH FILES\n")
string(APPEND page "The project (assets/ and hotmaps/) is found by one rule: \\-\\-assets DIR if given; else the\n")
string(APPEND page "current folder if it holds assets/ and hotmaps/; else <executable>/../share/hotmap-brawl.\n")
string(APPEND page "Settings live in $XDG_CONFIG_HOME/hotmap-brawl/ (~/.config/hotmap-brawl/).\n")
string(APPEND page ".SH SEE ALSO\nbrawl(6), hotmap(1); /usr/share/hotmap-brawl/docs/\n")
file(WRITE "${OUT}" "${page}")
