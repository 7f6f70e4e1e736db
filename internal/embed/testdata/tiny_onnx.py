"""Writes a tiny BERT-shaped ONNX embedding model for scout's tests.

usage: tiny_onnx.py OUT.onnx VOCAB DIM [pooled|extra-input]

Its token states are an embedding row per token plus a token-type row,
zeroed where the attention mask is 0:
    W[i][j] = sin(1 + 1.3 i + 0.7 j)      (VOCAB x DIM)
    T[t][j] = 0.1 (t + 1) cos(j)          (2 x DIM)
'pooled' sums them over the tokens into sentence_embedding [batch, DIM];
'extra-input' adds an input scout does not know. Needs the onnx package
(Debian: python3-onnx).
"""
import math
import sys

import onnx
from onnx import TensorProto, helper

out, vocab, dim = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
mode = sys.argv[4] if len(sys.argv) > 4 else ""

W = [math.sin(1 + 1.3 * i + 0.7 * j) for i in range(vocab) for j in range(dim)]
T = [0.1 * (t + 1) * math.cos(j) for t in range(2) for j in range(dim)]
ids = ["input_ids", "attention_mask", "token_type_ids"]
inputs = [helper.make_tensor_value_info(n, TensorProto.INT64, ["batch", "seq"]) for n in ids]
if mode == "extra-input":
    inputs.append(helper.make_tensor_value_info("position_ids", TensorProto.INT64, ["batch", "seq"]))
nodes = [
    helper.make_node("Gather", ["W", "input_ids"], ["words"]),
    helper.make_node("Gather", ["T", "token_type_ids"], ["types"]),
    helper.make_node("Add", ["words", "types"], ["sum"]),
    helper.make_node("Cast", ["attention_mask"], ["maskf"], to=TensorProto.FLOAT),
    helper.make_node("Unsqueeze", ["maskf", "axis2"], ["mask3"]),
    helper.make_node("Mul", ["sum", "mask3"], ["states"]),
]
inits = [
    helper.make_tensor("W", TensorProto.FLOAT, [vocab, dim], W),
    helper.make_tensor("T", TensorProto.FLOAT, [2, dim], T),
    helper.make_tensor("axis2", TensorProto.INT64, [1], [2]),
]
if mode == "pooled":
    nodes.append(helper.make_node("ReduceSum", ["states", "axis1"], ["sentence_embedding"], keepdims=0))
    inits.append(helper.make_tensor("axis1", TensorProto.INT64, [1], [1]))
    outputs = [helper.make_tensor_value_info("sentence_embedding", TensorProto.FLOAT, ["batch", dim])]
else:
    nodes.append(helper.make_node("Identity", ["states"], ["last_hidden_state"]))
    outputs = [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "seq", dim])]
graph = helper.make_graph(nodes, "tiny", inputs, outputs, inits)
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
model.ir_version = 7
onnx.checker.check_model(model)
onnx.save(model, out)
