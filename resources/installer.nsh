; Included by electron-builder's NSIS installer (nsis.include). It registers the docs-admin: deep-link scheme with
; Windows (the NSIS target registers none itself) for the user or the machine, as the installation was made, and
; removes it on uninstall. The app parses every link against its known screens (electron/main/deep-link.ts).
!macro customInstall
  WriteRegStr SHELL_CONTEXT "Software\Classes\docs-admin" "" "URL:Docs Admin link"
  WriteRegStr SHELL_CONTEXT "Software\Classes\docs-admin" "URL Protocol" ""
  WriteRegStr SHELL_CONTEXT "Software\Classes\docs-admin\DefaultIcon" "" "$appExe,0"
  WriteRegStr SHELL_CONTEXT "Software\Classes\docs-admin\shell\open\command" "" '"$appExe" "%1"'
!macroend

!macro customUnInstall
  DeleteRegKey SHELL_CONTEXT "Software\Classes\docs-admin"
!macroend
