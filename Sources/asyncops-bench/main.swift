// The benchmark executable; its cases arrive with the performance issue.
print("asyncops-bench: no cases yet.")
