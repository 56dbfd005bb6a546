// The `brew-search` command-line demo; its commands arrive with their own issue.
print("brew-search: the live search demo is coming soon. Run `swift test` to see what works today.")
