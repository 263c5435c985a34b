"""Generated tables (never edited by hand): see host_tools/ for their generators."""
