"""The network of who deals with whom, without Streamlit (`graphs.network`): the graph,
its layout (networkx) and the rows its chart and table show."""
